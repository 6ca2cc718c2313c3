import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../messages';
import { cameraConstraints, cameraErrorMessage } from './camera-errors';
import { validateImageFile } from './image-file';

const domError = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('cameraErrorMessage', () => {
  it.each([
    ['NotAllowedError', "Accès à la caméra refusé. Veuillez autoriser l'accès dans votre navigateur."],
    ['NotFoundError', 'Aucune caméra trouvée sur cet appareil.'],
    ['NotSupportedError', "La caméra n'est pas supportée par votre navigateur."],
    ['NotReadableError', 'La caméra est utilisée par une autre application.'],
    ['OverconstrainedError', 'Configuration caméra non supportée. Essayez de changer de caméra.'],
  ])('maps %s to the spec message', (name, message) => {
    expect(cameraErrorMessage(domError(name))).toBe(message);
  });
  it('keeps the detail of any other failure', () => {
    expect(cameraErrorMessage(domError('TypeError', 'Failed to start video source'))).toBe(
      'Erreur caméra: Failed to start video source.',
    );
  });
  it('handles DOMException-like objects that are not Error instances', () => {
    expect(cameraErrorMessage({ name: 'NotAllowedError', message: 'Permission denied' })).toBe(
      IMAGE_MESSAGES.cameraDenied,
    );
  });
});

describe('cameraConstraints', () => {
  it('asks for the rear camera by default facing mode', () => {
    expect(cameraConstraints('environment').video).toMatchObject({ facingMode: { ideal: 'environment' } });
    expect(cameraConstraints('user').video).toMatchObject({ facingMode: { ideal: 'user' } });
  });
});

describe('validateImageFile', () => {
  it('accepts JPEG and PNG photos up to 20 MB', () => {
    expect(validateImageFile({ name: 'notes.jpg', type: 'image/jpeg', size: MAX_IMAGE_BYTES })).toBeNull();
    expect(validateImageFile({ name: 'notes.png', type: 'image/png', size: 1000 })).toBeNull();
  });
  it('refuses non-images', () => {
    expect(validateImageFile({ name: 'devis.pdf', type: 'application/pdf', size: 1000 })).toBe(
      'Veuillez sélectionner une image (JPG, PNG, etc.)',
    );
  });
  it('refuses images over 20 MB', () => {
    expect(validateImageFile({ name: 'big.jpg', type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe(
      'Image trop volumineuse (max 20MB)',
    );
  });
  it('falls back on the extension when the browser gives no type', () => {
    expect(validateImageFile({ name: 'IMG_0001.HEIC', type: '', size: 1000 })).toBeNull();
    expect(validateImageFile({ name: 'notes.txt', type: '', size: 10 })).toBe(IMAGE_MESSAGES.notAnImage);
  });
});
