// French prompts for the AI provider. The catalogue is listed so that the model answers with its names.
import type { Task } from '@atelier/domain';

const SHAPE = `{"projectTitle": "titre court du projet", "tasks": [{"name": "nom exact d'une tâche du catalogue", "quantity": 12, "unit": "unité du catalogue"}], "client": {"name": "", "phone": "", "email": "", "address": ""}}`;

function catalogueList(catalogue: readonly Task[]): string {
  if (catalogue.length === 0) return '(catalogue vide)';
  return catalogue.map((task) => `- ${task.name} (${task.unit})`).join('\n');
}

export function systemPrompt(catalogue: readonly Task[]): string {
  return [
    "Tu es l'assistant d'un artisan du bâtiment en France. Tu transformes des notes, une photo ou une dictée en lignes de devis.",
    'Réponds uniquement avec un objet JSON de la forme :',
    SHAPE,
    'Règles :',
    "- Chaque tâche doit reprendre exactement le nom et l'unité d'une tâche du catalogue ci-dessous ; ignore ce qui n'y correspond pas.",
    '- « pose » et « dépose » sont des tâches différentes : ne les confonds jamais.',
    "- La quantité est un nombre (convertis « deux », « une dizaine », « 12,5 ») ; 1 si elle n'est pas dite. Les dimensions comme « 30x60 » ne sont pas des quantités.",
    '- Client : nom sans civilité, téléphone français, email, adresse postale ; laisse vide ce qui manque.',
    '- projectTitle : un titre court en français (ex. « Rénovation salle de bain »).',
    'Catalogue des tâches :',
    catalogueList(catalogue),
  ].join('\n');
}

export const IMAGE_INSTRUCTION =
  'Analyse cette image (notes, plan ou document de chantier) et extrais le devis au format JSON demandé.';

export const IMAGE_RETRY_INSTRUCTION =
  'Analyse à nouveau cette image avec attention : relève TOUTES les tâches du catalogue qui y figurent ou qui sont nécessaires aux travaux décrits, avec leurs quantités. Réponds au format JSON demandé.';

export function textInstruction(text: string): string {
  return `Voici les notes ou la dictée de l'artisan. Extrais le devis au format JSON demandé.\n\n"""\n${text}\n"""`;
}
