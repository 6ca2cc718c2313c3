export {
  DEFAULT_RUNTIME_CONFIG,
  LOCAL_ANON_KEY,
  getRuntimeConfig,
  invalidConfigKeys,
  loadRuntimeConfig,
  parseRuntimeConfig,
  setRuntimeConfig,
} from './config';
export type { RuntimeConfig } from './config';
export {
  AUTH_STORAGE_KEY,
  getSupabase,
  hasStoredSession,
  isSupabaseLoaded,
  loadSupabase,
  setSupabaseClient,
} from './supabase-client';
export {
  AUTH_CHECK_CACHE_MS,
  authState$,
  clearAuthCache,
  getAuthState,
  initAuth,
  isAdmin,
  isAuthenticated,
  openRecoverySession,
  requestPasswordReset,
  resetAuthForTests,
  retryAuthCheck,
  signIn,
  signOut,
  signOutEverywhere,
  signUp,
  updatePassword,
  useAuth,
  takeSignOutReason,
} from './auth/auth-service';
export type { AuthState, AuthStatus, SignUpInput, SignUpResult } from './auth/auth-service';
export {
  AuthFailure,
  isDeadSessionError,
  isNetworkAuthError,
  mapAuthError,
  weakPasswordMessage,
} from './auth/auth-errors';
export { AUTH_MESSAGES } from './auth/auth-messages';
export { PROFILE_ID_COLUMN, getProfile, profileToRow, updateProfile } from './profile';
export type { Profile, ProfilePatch } from './profile';
export {
  PLAN_REFRESH_MS,
  consumeQuoteCredit,
  derivePlanState,
  getPlanState,
  nextDocumentNumber,
  planState$,
  quotesUsedThisMonth,
  refreshPlanState,
  resetPlanStateForTests,
  startPlanRefresh,
  syncOfflineQuoteNumbers,
  stopPlanRefresh,
  usePlanState,
} from './plan-state';
export type { PlanState, QuoteCredit } from './plan-state';
export { useCellState } from './use-observable-state';
export { StateCell } from './state-stream';
export { nextTask } from './next-task';
export {
  BILLING_ERRORS,
  checkoutReturnUrls,
  createBillingPortalSession,
  createCheckoutSession,
  loadBillingDetails,
  priceIdForPlan,
  syncSubscription,
} from './billing';
export type { BillingDetails, CheckoutSession } from './billing';
export {
  QUOTE_RESERVATIONS_KEEP,
  heldQuoteNumbers,
  parisDay,
  parisMonth,
  readReservations,
  reservationsKey,
  syncQuoteReservations,
  takeReservedQuoteNumber,
} from './quote-reservations';
export type { QuoteReservations } from './quote-reservations';
export { dismissUserDataNotice, startUserData, userDataNotice$ } from './user-data';
export type { UserDataNotice } from './user-data';
