// Rules added for the thirteenth dev batch of round 3 (decision 0230: dictations kept close to real people's own
// words), each tried on sentences other than the batch's.
import { sortedVoiceLines as lines } from '../../../../testing/round-3-probes';

describe('usage rules after the thirteenth dev batch', () => {
  it('a caution or a state given as the reason negates no work', () => {
    expect(lines('attention à ne pas abîmer le parquet peinture des murs du salon 30 m²')).toEqual([
      '30 Peinture murs',
    ]);
    expect(lines('ragréage du séjour parce que le sol n’est pas plan 20 m²')).toEqual(['20 Ragréage sol']);
    expect(lines('faïence de la douche car le mur n’est pas droit 6 m²')).toEqual(['6 Pose de faïence murale']);
    // A negated work stays negated.
    expect(lines('pas de peinture au plafond juste les murs 30 m²')).toEqual(['30 Peinture murs']);
    expect(lines('on ne refait pas la faïence de la douche')).toEqual([]);
  });
});
