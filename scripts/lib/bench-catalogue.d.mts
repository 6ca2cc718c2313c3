export interface BenchTask {
  name: string;
  unit: string;
  price: number;
}
export declare const BENCH_CATALOGUE_SIZE: number;
export declare function benchCatalogue(size?: number): BenchTask[];
export declare function seedCatalogue(
  config: { supabaseUrl: string; supabaseAnonKey: string },
  user: { email: string; password: string },
  tasks?: BenchTask[],
): Promise<number>;
export declare function waitForLocalCatalogue(page: import('playwright-core').Page): Promise<void>;
