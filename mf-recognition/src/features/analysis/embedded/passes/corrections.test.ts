import { rewriteCorrections } from './corrections';

describe('corrections pass: the figure said last wins', () => {
  it.each([
    ['peinture 8 m2 non pardon 9 m2', 'peinture 9 m2'],
    ['35 mètres carrés non attendez 38', '38 mètres carrés'],
    ['3 m2 non 3,2', '3,2 m2'],
    ['4 points lumineux, enfin 5', '5 points lumineux'],
    ['28 mètres carrés, plutôt 30', '30 mètres carrés'],
    ['15 mètres carrés, je me suis trompé, 17', '17 mètres carrés'],
    ['8 prises, non attendez, 9 prises', '9 prises'],
    ['30 m2, non attendez, c’est 34 m2', '34 m2'],
  ])('%s', (input, output) => expect(rewriteCorrections(input)).toBe(output));

  it('finds no correction inside a word (« Avignon ») or between two things listed', () => {
    expect(rewriteCorrections('84000 Avignon, 0 4 90')).toBe('84000 Avignon, 0 4 90');
    expect(rewriteCorrections('4 prises enfin 2 interrupteurs')).toBe('4 prises enfin 2 interrupteurs');
  });
});
