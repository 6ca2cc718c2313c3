export { createStoredValue, createMemoryStorage, storageIssues$, browserLocalStorage } from './stored-value';
export type { StoredValue, StoredValueOptions, StorageIssue, ValueSchema, WriteResult } from './stored-value';
export {
  STORAGE_KEYS,
  DEFAULT_COMPANY_INFO,
  DEFAULT_VOICE_STATE,
  tasksStore,
  clientsStore,
  companyInfoStore,
  customizationStore,
  voiceStateStore,
  mergeOverDefaults,
} from './stores';
export { saveCheckpoint, buildCheckpoint, listCheckpointKeys, CHECKPOINT_PREFIX } from './checkpoints';
export { documentFiles, createDocumentFiles } from './document-files';
export type { DocumentFiles } from './document-files';
export { snapshotLogos, createSnapshotLogos, snapshotLogoId } from './snapshot-logos';
export type { SnapshotLogos } from './snapshot-logos';
export { useStoredValue, useStorageIssues } from './use-stored-value';
export { useExternalValue, startUpdate } from './use-external-value';
export { STORAGE_MESSAGES } from './messages';
export { SyncEngine, SYNC_TABLES, PermanentSyncError, memoryKeyValue } from './sync/sync-engine';
export type {
  SyncTable,
  SyncRow,
  SyncRemote,
  SyncStatus,
  SyncRejection,
  SyncConflict,
  OutboxEntry,
  PullResult,
  KeyValue,
} from './sync/sync-engine';
export { supabaseRemote } from './sync/remote';
export type { SupabaseLike } from './sync/remote';
export { idbKeyValue } from './sync/idb-key-value';
export { syncEngineFor, userSyncEngine, stopSync, currentSyncEngine } from './sync/session';
export {
  isUuid,
  stableUuid,
  documentRowId,
  clientRowId,
  normaliseEmail,
  quoteToRow,
  rowToQuote,
  invoiceToRow,
  rowToInvoice,
  rowLines,
  rowText,
  calendarToday,
} from './sync/document-rows';
export type {
  ClientRowFields,
  QuoteRowContext,
  InvoiceRowContext,
  RowReading,
  InvoiceReading,
} from './sync/document-rows';
export {
  findClientByEmail,
  findQuoteRow,
  upsertClientRow,
  saveQuoteToBook,
  pushSavedQuote,
  quotesOfClient,
  clientBookOf,
  engineClientBook,
} from './sync/client-book';
export type { SavedQuote } from './sync/client-book';
export {
  createUserStoredValue,
  activateUserSettings,
  lockUserSettings,
  resetUserSettingsForTests,
  userSettingKey,
  canonicalJson,
} from './sync/user-settings';
export type { LegacySettingsImport } from './sync/user-settings';
export { importLegacyClientBook, legacyPayload, dataUrlBytes } from './sync/legacy-import';
export type { LegacyImportCounts, LegacyImportDeps } from './sync/legacy-import';
export { createSendQueue, newSendKey, sendQueueFor } from './send-queue';
export type { QueuedSend, SendQueue } from './send-queue';
