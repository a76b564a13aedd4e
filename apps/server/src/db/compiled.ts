import type { Compilable, CompiledQuery } from 'kysely';
import type { Executor } from './database';

const SLOT = Symbol('slot');

interface Slot {
  [SLOT]: string;
}

const isSlot = (value: unknown): value is Slot =>
  typeof value === 'object' && value !== null && SLOT in value;

interface Plan {
  query: CompiledQuery;
  /** Per parameter: the name of the value to put there, or the constant the query was built with. */
  parameters: ({ name: string } | { constant: unknown })[];
}

/**
 * A Kysely query built and compiled once per dialect, then run with new values: for the hot calls
 * (a session, an idempotency record, an order's insert and update), where building the query
 * again on every call cost more than running it. `build` gets a stand-in for each named value; the
 * stand-ins become the query's parameters, in whatever order the compiler put them. The SQLite
 * driver keeps one prepared statement per SQL text, so the statement is prepared once as well.
 */
export function compiled<V extends object, R>(
  build: (db: Executor, value: <K extends keyof V & string>(name: K) => V[K]) => Compilable<R>,
): (db: Executor, values: V) => Promise<R[]> {
  const plans = new Map<unknown, Plan>();
  const value = <K extends keyof V & string>(name: K) => ({ [SLOT]: name }) as unknown as V[K];
  return async (db, values) => {
    // The adapter's class names the dialect: SQLite and PostgreSQL compile differently.
    const dialect = db.getExecutor().adapter.constructor;
    let plan = plans.get(dialect);
    if (!plan) {
      const query = build(db, value).compile();
      plan = {
        query,
        parameters: query.parameters.map((p) => (isSlot(p) ? { name: p[SLOT] } : { constant: p })),
      };
      plans.set(dialect, plan);
    }
    const parameters = plan.parameters.map((p) =>
      'name' in p ? values[p.name as keyof V] : p.constant,
    );
    const result = await db.executeQuery<R>({ ...plan.query, parameters } as CompiledQuery<R>);
    return result.rows;
  };
}
