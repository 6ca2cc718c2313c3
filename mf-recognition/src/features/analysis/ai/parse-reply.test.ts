import { parseReply } from './parse-reply';

describe('parseReply', () => {
  it('reads plain JSON, fenced JSON and JSON inside prose', () => {
    expect(parseReply('{"tasks": []}')).toEqual({ tasks: [] });
    expect(parseReply('```json\n{"projectTitle": "A"}\n```')).toEqual({ projectTitle: 'A' });
    expect(parseReply('Voici le résultat : {"tasks": [{"name": "x"}]} Bonne journée !')).toEqual({
      tasks: [{ name: 'x' }],
    });
  });

  it('repairs trailing commas, single quotes and bare keys', () => {
    expect(parseReply('{"tasks": [{"name": "x", "quantity": 2,},],}')).toEqual({ tasks: [{ name: 'x', quantity: 2 }] });
    expect(parseReply("{'projectTitle': 'Salle de bain', tasks: []}")).toEqual({
      projectTitle: 'Salle de bain',
      tasks: [],
    });
  });

  it('returns null for what is not an object', () => {
    expect(parseReply('')).toBeNull();
    expect(parseReply(null)).toBeNull();
    expect(parseReply('Je ne peux pas lire cette image.')).toBeNull();
    expect(parseReply('[1, 2]')).toBeNull();
    expect(parseReply('{ pas du json ')).toBeNull();
  });
});
