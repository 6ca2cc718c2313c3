/**
 * A zod schema made on its first use instead of when its module is evaluated (issue 14, TBT on /).
 *
 * Making zod/mini schemas is most of what evaluating @atelier/domain costs (each `z.*` call is an instance whose
 * internals are set up and whose methods are bound): ≈ 180 instances for the entities, one long task at the page's
 * start, while the home page validates only its catalogue, company details and customisation. The value returned
 * stands for the schema: every property read (`parse`, `safeParse`, `_zod`…) makes it once, then goes to it, so the
 * callers and the types (`z.infer<typeof x>`) are unchanged, and a schema that contains another one (`z.array(x)`)
 * makes that one only when it is made itself.
 */
export function lazySchema<T extends object>(make: () => T): T {
  let made: T | undefined;
  const real = (): T => (made ??= make());
  const bound = new Map<PropertyKey, { fn: unknown; wrapped: unknown }>();
  return new Proxy({} as T, {
    get(_target, key) {
      const schema = real();
      const value: unknown = Reflect.get(schema, key, schema);
      if (typeof value !== 'function') return value;
      // Methods run on the schema itself (zod/mini installs some on the prototype, which read `this`).
      const seen = bound.get(key);
      if (seen?.fn === value) return seen.wrapped;
      const wrapped = (value as (...args: unknown[]) => unknown).bind(schema);
      bound.set(key, { fn: value, wrapped });
      return wrapped;
    },
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor(_target, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // The stand-in has no own properties: a proxy may not report one as non-configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    set: (_target, key, value) => Reflect.set(real(), key, value),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
  });
}
