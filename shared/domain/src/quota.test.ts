import {
  accountQuotaRemaining,
  devisQuotaBlocked,
  remainingAfterHeldNumber,
  remainingAfterServerCredit,
} from './quota';

describe('accountQuotaRemaining (issue 29.4)', () => {
  it('is limit − used − held by any device', () => {
    expect(accountQuotaRemaining(3, 0, 0)).toBe(3);
    expect(accountQuotaRemaining(3, 1, 1)).toBe(1);
    expect(accountQuotaRemaining(3, 0, 3)).toBe(0);
  });
  it('never goes below zero', () => {
    expect(accountQuotaRemaining(3, 5, 2)).toBe(0);
  });
  it('is null (unlimited) for a negative or null limit', () => {
    expect(accountQuotaRemaining(-1, 40, 3)).toBeNull();
    expect(accountQuotaRemaining(null, 0, 0)).toBeNull();
  });
  it('ignores bad counts', () => {
    expect(accountQuotaRemaining(3, Number.NaN, -2)).toBe(3);
  });
  it('is the same on three devices whatever each holds: only the account total of held numbers matters', () => {
    const heldPerDevice = [2, 0, 1];
    const total = heldPerDevice.reduce((a, b) => a + b, 0);
    const shown = heldPerDevice.map(() => accountQuotaRemaining(10, 4, total));
    expect(new Set(shown)).toEqual(new Set([3]));
  });
  it('does not count a held number twice when it is used, and counts a server credit once', () => {
    // 3 free devis, 1 held by this device: 2 shown; using the held one keeps 2; a server credit gives 1.
    const before = accountQuotaRemaining(3, 0, 1);
    expect(remainingAfterHeldNumber(before)).toBe(2);
    expect(accountQuotaRemaining(3, 1, 0)).toBe(2); // what the server says after the sync confirms it
    expect(remainingAfterServerCredit(2)).toBe(1);
    expect(remainingAfterServerCredit(0)).toBe(0);
    expect(remainingAfterServerCredit(null)).toBeNull();
  });
});

describe('devisQuotaBlocked (decision 0051: held numbers are part of the quota)', () => {
  it('free account at 0 with 2 numbers held on this device: not blocked; they are the account’s last devis', () => {
    // 3 free devis, 1 used, 2 held by this phone → the account reads 0 everywhere…
    const remaining = accountQuotaRemaining(3, 1, 2);
    expect(remaining).toBe(0);
    // …the phone that holds them may still make 2 devis; another device (none held) is blocked.
    expect(devisQuotaBlocked(remaining, 2)).toBe(false);
    expect(devisQuotaBlocked(remaining, 0)).toBe(true);
    // After the phone used both (the figure stays 0, remainingAfterHeldNumber), it is blocked too.
    expect(devisQuotaBlocked(remainingAfterHeldNumber(remaining), 0)).toBe(true);
  });
  it('is never blocked with something left or unlimited; bad held counts do not unblock', () => {
    expect(devisQuotaBlocked(1, 0)).toBe(false);
    expect(devisQuotaBlocked(null, 0)).toBe(false);
    expect(devisQuotaBlocked(0, Number.NaN)).toBe(true);
    expect(devisQuotaBlocked(0, -3)).toBe(true);
    expect(devisQuotaBlocked(0, 0.5)).toBe(true);
  });
});
