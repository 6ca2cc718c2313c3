// What the apps share as `rxjs` (shared/build sharedSingletons): the names they use. Like react-router-dom next to
// it, a shared module cannot be tree-shaken (any remote may use any export): sharing the package itself sent and
// evaluated all of rxjs 7 (≈ 65 KB minified, ≈ 20 ms of the devis page's start on this machine) on every signed-in
// first load. Re-exporting the names the apps use lets webpack drop the rest; the module is still one singleton
// per page (the bus's subjects are the same objects in every remote). `from` is used by @atelier/platform's
// state cells (state-stream.ts, through `import('rxjs')`). An app needing another rxjs API adds its name here:
// shared/platform/src/shared-reexports.node.test.ts fails the tests until it does. It imports rxjs under an alias
// (`@atelier/build/rxjs-esm`, see index.cjs): importing `rxjs` here would consume this very module.
export {
  BehaviorSubject,
  Observable,
  ReplaySubject,
  Subject,
  asapScheduler,
  combineLatest,
  filter,
  firstValueFrom,
  from,
  map,
  observeOn,
  skip,
} from '@atelier/build/rxjs-esm'; // rxjs's ES2015 build (alias of ./index.cjs)
