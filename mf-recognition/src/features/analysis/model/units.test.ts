import { canonicalUnit, matchUnitAt, unitsCompatible } from './units';
import { fold } from './text';

describe('canonicalUnit — written, spoken and OCR forms', () => {
  it.each([
    ['m2', 'm2'],
    ['m²', 'm2'],
    ['M2', 'm2'],
    ['mètres carrés', 'm2'],
    ['metre carre', 'm2'],
    ['m carrés', 'm2'],
    ['m?', 'm2'],
    ['m°', 'm2'],
    ['mq', 'm2'],
    ['m3', 'm3'],
    ['mètres cubes', 'm3'],
    ['ml', 'ml'],
    ['m.l.', 'ml'],
    ['mètre linéaire', 'ml'],
    ['mètres linéaires', 'ml'],
    ['linéaire', 'ml'],
    ['mi', 'ml'],
    ['m', 'm'],
    ['mètres', 'm'],
    ['mètre', 'm'],
    ['h', 'h'],
    ['heure', 'h'],
    ['heures', 'h'],
    ['hr', 'h'],
    ['jour', 'jour'],
    ['jours', 'jour'],
    ['j', 'jour'],
    ['journée', 'jour'],
    ['journées', 'jour'],
    ['forfait', 'forfait'],
    ['Forfait', 'forfait'],
    ['forf.', 'forfait'],
    ['fft', 'forfait'],
    ['unité', 'u'],
    ['unités', 'u'],
    ['u', 'u'],
    ['pièce', 'u'],
    ['pièces', 'u'],
    ['pce', 'u'],
    ['ens', 'u'],
    ['kg', 'kg'],
    ['kilos', 'kg'],
    ['tonnes', 't'],
    ['litres', 'l'],
    ['cm', 'cm'],
    ['mm', 'mm'],
  ])('%s → %s', (raw, unit) => {
    expect(canonicalUnit(raw)).toBe(unit);
  });

  it.each(['', 'peinture', 'mur', 'heureux'])('%j is not a unit', (raw) => {
    expect(canonicalUnit(raw)).toBeNull();
  });

  it('reads the unit right after a number, longest form first', () => {
    const text = fold('25 mètres carrés de peinture');
    expect(matchUnitAt(text, 2)).toEqual({ unit: 'm2', end: 'mètres carrés'.length + 3 });
    expect(matchUnitAt(fold('12 ml de plinthes'), 2)?.unit).toBe('ml');
    expect(matchUnitAt(fold('3 mètres linéaires'), 1)?.unit).toBe('ml');
    expect(matchUnitAt(fold('2 prises'), 1)).toBeNull();
  });

  it('tells which spoken units can be a catalogue quantity', () => {
    expect(unitsCompatible('m2', 'm2')).toBe(true);
    expect(unitsCompatible('m', 'ml')).toBe(true);
    expect(unitsCompatible('jour', 'h')).toBe(true);
    expect(unitsCompatible('u', 'forfait')).toBe(true);
    expect(unitsCompatible('m2', 'u')).toBe(false);
    expect(unitsCompatible('cm', 'ml')).toBe(false);
  });
});
