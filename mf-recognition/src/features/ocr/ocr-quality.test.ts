import { characterErrorRate } from './ocr-quality';

describe('characterErrorRate', () => {
  it('is 0 for the same text whatever the spacing', () => {
    expect(characterErrorRate('Pose de lavabo  1 u', 'Pose de lavabo\n1 u')).toBe(0);
  });
  it('counts substitutions relative to the expected length', () => {
    expect(characterErrorRate('12 m²', '12 m?')).toBeCloseTo(1 / 5);
  });
  it('ignores dot leaders', () => {
    expect(characterErrorRate('Peinture plafond ........ 45 m2', 'Peinture plafond …….……. 45 m2')).toBe(0);
  });
  it('ignores case and accents when loose', () => {
    expect(characterErrorRate('Évacuation', 'evacuation', { loose: true })).toBe(0);
    expect(characterErrorRate('Évacuation', 'evacuation')).toBeCloseTo(1 / 10);
  });
});
