/**
 * Two years of monthly invoices for every account of the benchmark (bench/generate.ts): the last complete month a
 * draft, the 23 before it finalized with consecutive numbers per year (and the year's counter set after them, so a
 * bench that finalizes next takes the next number). 200 accounts: 4 800 invoices, what the invoices list pages over
 * in a 3PL's second year. Their lines are not generated: the list reads the invoice rows alone.
 * `node --import tsx bench/generate-invoices.ts` adds them to a database generated before they were part of it.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../apps/server/src/db/client';

const MONTHS = 24;

export async function generateInvoices(db: Executor): Promise<void> {
  await db.execute(sql`
    with periods as (
      select n, (date_trunc('month', current_date) - make_interval(months => n))::date as period_from
      from generate_series(1, ${MONTHS}) as n
    ), rows as (
      select a.id as account_id, a.name as account_name, p.n, p.period_from,
             (p.period_from + interval '1 month' - interval '1 day')::date as period_to,
             row_number() over (partition by extract(year from p.period_from) order by p.period_from, a.id) as in_year
      from accounts a cross join periods p
    )
    insert into invoices (number, account_id, account_name, period_from, period_to, status, currency, total_cents,
      finalized_at, issued_on, due_on, payment_terms_days, created_at, updated_at)
    select case when n = 1 then null
                else format('INV-%s-%s', extract(year from period_from), lpad(in_year::text, 6, '0')) end,
           account_id, account_name, period_from, period_to, case when n = 1 then 'draft' else 'finalized' end,
           'USD', 50000 + (account_id * 7919 + n * 104729) % 2000000,
           case when n = 1 then null else period_to + interval '2 days' end,
           case when n = 1 then null else period_to + 2 end,
           case when n = 1 then null else period_to + 32 end,
           case when n = 1 then null else 30 end,
           period_to + interval '1 day', period_to + interval '2 days'
    from rows`);
  // Numbers were taken per year in that order; the counters continue after them.
  await db.execute(sql`
    insert into invoice_counters (year, last_number)
    select extract(year from period_from)::int, count(*)::int from invoices where status = 'finalized' group by 1
    on conflict (year) do update set last_number = greatest(invoice_counters.last_number, excluded.last_number)`);
}

if (import.meta.filename === process.argv[1]) {
  const { openBenchDatabase } = await import('./bench-database');
  const handle = await openBenchDatabase();
  const started = Date.now();
  await generateInvoices(handle.db);
  await handle.db.execute(sql`analyze invoices`);
  console.log(`invoices: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await handle.close();
}
