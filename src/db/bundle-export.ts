/**
 * What an export of one company reads (src/bundles/export.ts): every record of the company, each collection
 * in a fixed order, from one consistent snapshot (a read-only REPEATABLE READ transaction on the ORM's pool).
 */
import { IsolationLevel, type MikroORM } from '@mikro-orm/postgresql';
import { db, rowsOf } from './query.ts';
import { EntityManagerRunner, type SqlRunner } from './reads.ts';

/** A company's records as stored. */
export type CompanyRecords = Awaited<ReturnType<typeof readAll>>;

async function readAll(runner: SqlRunner, companyId: string) {
  return {
    customers: await rowsOf(runner, db.selectFrom('customer').selectAll().where('company_id', '=', companyId).orderBy('id')),
    events: await rowsOf(runner, db.selectFrom('event').selectAll().where('company_id', '=', companyId).orderBy('id')),
    dates: await rowsOf(runner, db.selectFrom('event_date').selectAll().where('company_id', '=', companyId).orderBy('starts_at').orderBy('id')),
    pricingOptions: await rowsOf(runner, db.selectFrom('pricing_option').selectAll().where('company_id', '=', companyId).orderBy('id')),
    transactions: await rowsOf(runner, db.selectFrom('event_transaction').selectAll().where('company_id', '=', companyId).orderBy('id')),
    bookings: await rowsOf(runner, db.selectFrom('booking').selectAll().where('company_id', '=', companyId).orderBy('id')),
    waitlist: await rowsOf(runner, db.selectFrom('waitlist_entry').selectAll().where('company_id', '=', companyId).orderBy('id')),
    facilitators: await rowsOf(runner, db.selectFrom('facilitator').selectAll().where('company_id', '=', companyId).orderBy('id')),
    windows: await rowsOf(
      runner,
      db
        .selectFrom('facilitator_window')
        .select(['facilitator_id', 'weekday', 'start_time', 'end_time'])
        .where('company_id', '=', companyId)
        .orderBy('weekday')
        .orderBy('start_time')
        .orderBy('end_time'),
    ),
    overrides: await rowsOf(
      runner,
      db.selectFrom('facilitator_date_override').select(['facilitator_id', 'date', 'windows']).where('company_id', '=', companyId).orderBy('date'),
    ),
    services: await rowsOf(runner, db.selectFrom('service').selectAll().where('company_id', '=', companyId).orderBy('id')),
    options: await rowsOf(runner, db.selectFrom('service_option').selectAll().where('company_id', '=', companyId).orderBy('name').orderBy('id')),
    appointments: await rowsOf(runner, db.selectFrom('appointment').selectAll().where('company_id', '=', companyId).orderBy('id')),
    passes: await rowsOf(runner, db.selectFrom('pass_template').selectAll().where('company_id', '=', companyId).orderBy('id')),
    purchases: await rowsOf(runner, db.selectFrom('pass_purchase').selectAll().where('company_id', '=', companyId).orderBy('id')),
    media: await rowsOf(runner, db.selectFrom('media').selectAll().where('company_id', '=', companyId).orderBy('id')),
    videoPurchases: await rowsOf(runner, db.selectFrom('video_purchase').selectAll().where('company_id', '=', companyId).orderBy('id')),
    plans: await rowsOf(runner, db.selectFrom('subscription_plan').selectAll().where('company_id', '=', companyId).orderBy('id')),
    mandates: await rowsOf(runner, db.selectFrom('mandate').selectAll().where('company_id', '=', companyId).orderBy('id')),
    charges: await rowsOf(runner, db.selectFrom('subscription_charge').selectAll().where('company_id', '=', companyId).orderBy('period_start').orderBy('id')),
    vouchers: await rowsOf(runner, db.selectFrom('voucher').selectAll().where('company_id', '=', companyId).orderBy('id')),
  };
}

/** The company's time zone and every record of it, read in one snapshot; undefined when there is no such company. */
export async function readCompanyRecords(orm: MikroORM, companyId: string): Promise<{ timezone: string; records: CompanyRecords } | undefined> {
  return orm.em.fork().transactional(
    async (em) => {
      const runner = new EntityManagerRunner(em);
      const [company] = await rowsOf(runner, db.selectFrom('company').select('timezone').where('id', '=', companyId));
      if (!company) return undefined;
      return { timezone: company.timezone, records: await readAll(runner, companyId) };
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
  );
}
