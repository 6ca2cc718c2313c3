// Issue 29.4 — the one rule for the monthly devis quota shown (decision record 0051).
// The figure is account-wide: the plan's limit minus the devis confirmed this month minus the numbers held
// (reserved for offline use) by ANY device of the account. It is the server's figure, so every device shows the
// same one after a sync or a refresh. A held number was counted when it was reserved: using it on the device
// that holds it does not lower the figure again; a credit taken from the server (no held number) lowers it by one.

/** limit: the plan's monthly devis limit, negative or null = unlimited. Returns null for unlimited. */
export function accountQuotaRemaining(
  limit: number | null,
  usedThisMonth: number,
  heldByAnyDevice: number,
): number | null {
  if (limit === null || limit < 0) return null;
  const used = Math.max(0, Math.trunc(usedThisMonth) || 0);
  const held = Math.max(0, Math.trunc(heldByAnyDevice) || 0);
  return Math.max(0, limit - used - held);
}

/** The figure after this device spends one of its held numbers: unchanged (already counted when reserved). */
export function remainingAfterHeldNumber(remaining: number | null): number | null {
  return remaining;
}

/** The figure after a credit taken from the server without a held number. */
export function remainingAfterServerCredit(remaining: number | null): number | null {
  return remaining === null ? null : Math.max(0, remaining - 1);
}

/**
 * Whether a new devis is blocked on this device: the account has nothing left (`remaining` 0) AND this device holds
 * no number it may use today. A held number was taken from the quota when it was reserved (it is already counted in
 * `remaining`), so the device that holds it may still use it — offline or online — even when the account reads 0.
 * null remaining = unlimited: never blocked.
 */
export function devisQuotaBlocked(remaining: number | null, heldUsableHere: number): boolean {
  if (remaining === null || remaining > 0) return false;
  return !(Math.trunc(heldUsableHere) > 0);
}
