import { VOICE_MESSAGES } from '../messages';
import { getSpeechRecognition, joinText, readResults, soundLevel, speechErrorMessage } from './speech';

const result = (transcript: string, isFinal: boolean) => Object.assign([{ transcript }], { isFinal });

describe('getSpeechRecognition', () => {
  it('prefers the standard constructor and falls back to the webkit one', () => {
    class Std {}
    class Webkit {}
    expect(getSpeechRecognition({ SpeechRecognition: Std, webkitSpeechRecognition: Webkit })).toBe(Std);
    expect(getSpeechRecognition({ webkitSpeechRecognition: Webkit })).toBe(Webkit);
  });
  it('reports unsupported browsers', () => {
    expect(getSpeechRecognition({})).toBeNull();
    expect(getSpeechRecognition(undefined)).toBeNull();
  });
});

describe('readResults', () => {
  it('splits final and interim text of a cumulative list', () => {
    const list = [result('pose de vingt-cinq mètres carrés', true), result(' et deux jours', false)];
    expect(readResults(list)).toEqual({ final: 'pose de vingt-cinq mètres carrés', interim: 'et deux jours' });
  });
  it('drops a final result repeated by Android Chrome', () => {
    const list = [result('peinture plafond', true), result('peinture plafond', true), result('douze mètres', true)];
    expect(readResults(list).final).toBe('peinture plafond douze mètres');
  });
  it('ignores empty alternatives', () => {
    expect(readResults([result('  ', true), Object.assign([], { isFinal: false })])).toEqual({
      final: '',
      interim: '',
    });
  });
});

describe('joinText', () => {
  it('joins with single spaces', () => {
    expect(joinText(' Projet cuisine ', '', undefined, 'client  Dupont')).toBe('Projet cuisine client Dupont');
  });
});

describe('speechErrorMessage', () => {
  it('maps permission problems to the microphone message', () => {
    expect(speechErrorMessage('not-allowed')).toBe(
      'Microphone non disponible. Vérifiez les permissions de votre navigateur.',
    );
    expect(speechErrorMessage('audio-capture')).toBe(VOICE_MESSAGES.microphoneUnavailable);
  });
  it('ignores silences and aborts', () => {
    expect(speechErrorMessage('no-speech')).toBeNull();
    expect(speechErrorMessage('aborted')).toBeNull();
  });
  it('falls back to the start failure message', () => {
    expect(speechErrorMessage('language-not-supported')).toBe(
      'Impossible de démarrer la reconnaissance vocale. Vérifiez les permissions du microphone.',
    );
  });
});

describe('soundLevel', () => {
  it('is 0 for silence and grows with amplitude, capped at 1', () => {
    expect(soundLevel(new Uint8Array(64).fill(128))).toBe(0);
    const quiet = soundLevel(Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 133 : 123)));
    const loud = soundLevel(Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 200 : 56)));
    expect(quiet).toBeGreaterThan(0);
    expect(loud).toBeGreaterThan(quiet);
    expect(soundLevel(Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 255 : 0)))).toBe(1);
  });
});
