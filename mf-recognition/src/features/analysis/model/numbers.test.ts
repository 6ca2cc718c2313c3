import { parseNumber, rewriteNumberWords } from './numbers';

describe('parseNumber — French number words', () => {
  it.each([
    ['un', 1],
    ['une', 1],
    ['deux', 2],
    ['trois', 3],
    ['neuf', 9],
    ['dix', 10],
    ['onze', 11],
    ['seize', 16],
    ['dix-sept', 17],
    ['dix-neuf', 19],
    ['vingt', 20],
    ['vingt et un', 21],
    ['vingt-deux', 22],
    ['trente', 30],
    ['trente-quatre', 34],
    ['quarante-cinq', 45],
    ['cinquante et une', 51],
    ['soixante', 60],
    ['soixante-dix', 70],
    ['soixante et onze', 71],
    ['soixante-douze', 72],
    ['soixante-dix-huit', 78],
    ['quatre-vingts', 80],
    ['quatre-vingt-un', 81],
    ['quatre-vingt-dix', 90],
    ['quatre-vingt-dix-sept', 97],
    ['septante', 70],
    ['nonante-cinq', 95],
    ['cent', 100],
    ['cent un', 101],
    ['cent vingt et un', 121],
    ['deux cents', 200],
    ['trois cents', 300],
    ['deux cent cinquante', 250],
    ['neuf cent quatre-vingt-dix-neuf', 999],
    ['mille', 1000],
    ['mille deux cent cinquante', 1250],
    ['deux mille', 2000],
    ['deux mille vingt-quatre', 2024],
    ['Vingt-Cinq', 25],
    ['vingt cinq', 25],
    ['une dizaine', 10],
    ['dizaine', 10],
    ['une douzaine', 12],
    ['une quinzaine', 15],
    ['une vingtaine', 20],
    ['deux dizaines', 20],
    ['une centaine', 100],
    ['deux centaines', 200],
    ['un millier', 1000],
    ['deux et demi', 2.5],
    ['un et demi', 1.5],
    ['trois et demie', 3.5],
    ['une demi', 0.5],
    ['2 et demi', 2.5],
    ['douze virgule cinq', 12.5],
    ['deux virgule vingt-cinq', 2.25],
    ['trois virgule zéro cinq', 3.05],
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['2 450', 2450],
    ['  7 ', 7],
  ])('%s → %s', (words, value) => {
    expect(parseNumber(words)).toBe(value);
  });

  it.each(['', 'peinture', 'deux peintures', 'de', 'douze trente'])('%j is not one number', (text) => {
    expect(parseNumber(text)).toBeNull();
  });

  it('round-trips 1..999 written the standard way', () => {
    const units = [
      '',
      'un',
      'deux',
      'trois',
      'quatre',
      'cinq',
      'six',
      'sept',
      'huit',
      'neuf',
      'dix',
      'onze',
      'douze',
      'treize',
      'quatorze',
      'quinze',
      'seize',
      'dix-sept',
      'dix-huit',
      'dix-neuf',
    ];
    const tens = [
      '',
      '',
      'vingt',
      'trente',
      'quarante',
      'cinquante',
      'soixante',
      'soixante',
      'quatre-vingt',
      'quatre-vingt',
    ];
    const below100 = (n: number): string => {
      if (n < 20) return units[n]!;
      const t = Math.floor(n / 10);
      const u = (n % 10) + (t === 7 || t === 9 ? 10 : 0);
      if (u === 0) return t === 8 ? 'quatre-vingts' : tens[t]!;
      if ((u === 1 || u === 11) && t !== 8 && t !== 9) return `${tens[t]} et ${units[u]}`;
      return `${tens[t]}-${units[u]}`;
    };
    const write = (n: number): string => {
      const h = Math.floor(n / 100);
      const rest = n % 100;
      const hundreds = h === 0 ? '' : h === 1 ? 'cent' : `${units[h]} cent${rest === 0 ? 's' : ''}`;
      return [hundreds, rest ? below100(rest) : ''].filter(Boolean).join(' ');
    };
    const failures = [];
    for (let n = 1; n < 1000; n += 1) if (parseNumber(write(n)) !== n) failures.push(write(n));
    expect(failures).toEqual([]);
  });
});

describe('rewriteNumberWords', () => {
  it.each([
    ['vingt-cinq mètres carrés de peinture', '25 mètres carrés de peinture'],
    ['deux heures et demie de main d’œuvre', "2.5 heures de main d'œuvre"],
    ['trois cents euros', '300 euros'],
    ['une dizaine de prises', '10 de prises'],
    ['zéro six douze trente-quatre cinquante-six soixante-dix-huit', '0 6 12 34 56 78'],
    ['deux mètres cinquante de plinthes', '2.5 mètres de plinthes'],
    ['une demi-journée', '0.5 journée'],
    ['3h30 de main d’œuvre', "3.5 h de main d'œuvre"],
    ['douze virgule cinq mètres', '12.5 mètres'],
    ['12 virgule 5', '12.5'],
  ])('%s → %s', (text, expected) => {
    expect(rewriteNumberWords(text)).toBe(expected);
  });

  it('keeps articles and adjectives as words', () => {
    expect(rewriteNumberWords('une prise et un carrelage neuf')).toBe('une prise et un carrelage neuf');
    expect(rewriteNumberWords('neuf prises')).toBe('9 prises');
  });

  it('does not join numbers across a comma', () => {
    expect(rewriteNumberWords('quatre, vingt')).toBe('4, 20');
  });
});
