// The spec's localStorage keys (SPEC.md §3), each one validated store.
import {
  DEFAULT_CUSTOMIZATION,
  clientBookSchema,
  companyInfoSchema,
  quoteCustomizationSchema,
  taskCatalogueSchema,
  voiceRecognitionStateSchema,
  type Client,
  type CompanyInfo,
  type QuoteCustomization,
  type Task,
  type VoiceRecognitionState,
} from '@atelier/domain';

import { createStoredValue } from './stored-value';
import { createUserStoredValue } from './sync/user-settings';

export const STORAGE_KEYS = {
  tasks: 'tasks',
  clients: 'clients',
  companyInfo: 'companyInfo',
  customization: 'quoteCustomization',
  voiceState: 'voiceRecognitionState',
} as const;

/**
 * What companyInfoSchema.parse({}) gives (stores.test.ts checks it), written out: parsing it here would make the
 * company schema when this module is evaluated, in the page's start (issue 14, TBT).
 */
export const DEFAULT_COMPANY_INFO: CompanyInfo = {
  name: '',
  address: '',
  phone: '',
  email: '',
  website: '',
  siret: '',
  tva: '',
  rib: { bank: '', iban: '', bic: '' },
  logo: '',
  footer: '',
};
export const DEFAULT_VOICE_STATE: VoiceRecognitionState = { transcript: '', isMuted: false };

const EMPTY_TASKS: Task[] = [];
const EMPTY_CLIENTS: Client[] = [];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep-merges a stored object over defaults so older saves lacking newer fields stay readable. */
export function mergeOverDefaults(defaults: unknown, stored: unknown): unknown {
  if (!isRecord(defaults) || !isRecord(stored)) return stored === undefined ? defaults : stored;
  const out: Record<string, unknown> = { ...defaults };
  for (const [k, v] of Object.entries(stored)) out[k] = mergeOverDefaults(defaults[k], v);
  return out;
}

// Per user and kept on the server once the signed-in user is activated (sync/user-settings.ts).
export const tasksStore = createUserStoredValue<Task[]>(STORAGE_KEYS.tasks, taskCatalogueSchema, EMPTY_TASKS, {
  label: 'tâches',
  resetText: 'la liste repart vide',
});

// The spec's legacy client book key: read by the legacy import (sync/legacy-import.ts); the client book itself
// is on the server (sync engine).
export const clientsStore = createStoredValue<Client[]>(STORAGE_KEYS.clients, clientBookSchema, EMPTY_CLIENTS, {
  label: 'clients',
  resetText: 'le carnet de clients repart vide',
});

export const companyInfoStore = createUserStoredValue<CompanyInfo>(
  STORAGE_KEYS.companyInfo,
  companyInfoSchema,
  DEFAULT_COMPANY_INFO,
  { label: "informations de l'entreprise", resetText: 'le formulaire repart vide' },
);

export const customizationStore = createUserStoredValue<QuoteCustomization>(
  STORAGE_KEYS.customization,
  quoteCustomizationSchema,
  DEFAULT_CUSTOMIZATION,
  {
    label: 'personnalisation',
    resetText: 'la personnalisation par défaut est rétablie',
    migrate: (raw) => mergeOverDefaults(DEFAULT_CUSTOMIZATION, raw),
  },
);

export const voiceStateStore = createStoredValue<VoiceRecognitionState>(
  STORAGE_KEYS.voiceState,
  voiceRecognitionStateSchema,
  DEFAULT_VOICE_STATE,
  { label: 'reconnaissance vocale', resetText: 'le texte reconnu repart vide' },
);
