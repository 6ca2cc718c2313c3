import * as z from 'zod/mini';

import { companyInfoSchema, quoteLineSchema, taskCatalogueSchema } from './entities';
import { lazySchema } from './lazy-schema';

describe('lazySchema', () => {
  it('makes the schema on its first use only, once', () => {
    const make = jest.fn(() => z.object({ name: z.string().check(z.minLength(1)) }));
    const schema = lazySchema(make);
    expect(make).not.toHaveBeenCalled();
    expect(schema.safeParse({ name: 'Pose' }).success).toBe(true);
    expect(schema.safeParse({ name: '' }).success).toBe(false);
    expect(() => schema.parse({})).toThrow();
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('stands for the schema inside other schemas and for zod functions', () => {
    const inner = lazySchema(() => z.object({ price: z.number().check(z.gte(0)) }));
    const list = lazySchema(() => z.array(inner));
    expect(list.parse([{ price: 1 }, { price: 2 }])).toEqual([{ price: 1 }, { price: 2 }]);
    expect(list.safeParse([{ price: -1 }]).success).toBe(false);
    const extended = z.extend(inner, { unit: z.string() });
    expect(extended.parse({ price: 3, unit: 'm2' })).toEqual({ price: 3, unit: 'm2' });
    expect(z.optional(inner).parse(undefined)).toBeUndefined();
    expect(inner instanceof Object).toBe(true);
    expect('_zod' in inner).toBe(true);
  });

  it('keeps the methods bound to the schema (destructured, compared)', () => {
    const schema = lazySchema(() => z.string());
    const { safeParse } = schema;
    expect(safeParse('x').success).toBe(true);
    expect(schema.safeParse).toBe(schema.safeParse);
  });

  it('leaves the domain schemas as they were: defaults, nested lazies, errors', () => {
    expect(companyInfoSchema.parse({}).rib).toEqual({ bank: '', iban: '', bic: '' });
    expect(taskCatalogueSchema.parse([{ name: 'Ouvrage', unit: 'm2', price: 10, components: [] }])).toHaveLength(1);
    const line = quoteLineSchema.safeParse({ name: 'Pose', unit: '', price: 1, quantity: 2, discount: { kind: 'x' } });
    expect(line.success).toBe(false);
    expect(line.error?.issues[0]?.path).toEqual(['discount']);
  });
});
