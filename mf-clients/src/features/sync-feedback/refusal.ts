// The sentence telling the user which row the server refused for good and why (« Client « Dupont » non enregistré :
// limite de 10 clients du plan gratuit »). The row is already out of the local copy (SyncEngine.takeBack).
import type { SyncRejection } from '@atelier/storage';

import { SYNC_FEEDBACK_MESSAGES as M } from './messages';

function rowName(rejection: SyncRejection): string {
  const row = rejection.row ?? rejection.entry.row;
  const name = row?.name ?? row?.number ?? row?.project_title ?? '';
  return typeof name === 'string' ? name.trim() : '';
}

export function refusalText(rejection: SyncRejection): string {
  const label = M.refusedRow[rejection.entry.table](rowName(rejection));
  const reason = (rejection.hint && M.refusedBecause[rejection.hint]) || rejection.message.trim();
  return `${label} : ${reason.replace(/\.$/, '')}`;
}
