import type { Executor } from '../schema.ts';
import type { PlanPrices, PlanQuotas } from '../tables/usage.ts';

export interface Plan {
  name: string;
  currency: string;
  quotas: PlanQuotas;
  prices: PlanPrices;
}

/** The plan staff set for a client, or undefined when it is on the default plan. */
export async function findClientPlan(db: Executor, clientId: string): Promise<Plan | undefined> {
  return db
    .selectFrom('client_plans')
    .select(['name', 'currency', 'quotas', 'prices'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export async function saveClientPlan(db: Executor, clientId: string, plan: Plan): Promise<void> {
  const values = {
    name: plan.name,
    currency: plan.currency,
    quotas: JSON.stringify(plan.quotas),
    prices: JSON.stringify(plan.prices),
  };
  await db
    .insertInto('client_plans')
    .values({ client_id: clientId, ...values })
    .onConflict((oc) => oc.column('client_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}

export async function deleteClientPlan(db: Executor, clientId: string): Promise<void> {
  await db.deleteFrom('client_plans').where('client_id', '=', clientId).execute();
}

/** The names of the plans staff set for these clients (clients on the default plan are absent). */
export async function customPlanNames(db: Executor, clientIds: string[]): Promise<Map<string, string>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('client_plans')
    .select(['client_id', 'name'])
    .where('client_id', 'in', clientIds)
    .execute();
  return new Map(rows.map((r) => [r.client_id, r.name]));
}
