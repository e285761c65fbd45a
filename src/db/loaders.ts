/**
 * Per-request DataLoaders: every relationship the graph walks is loaded in batches keyed by id or by
 * parent id, so the number of SQL statements depends on a query's depth, not on how many rows it returns.
 * Loaders read through a company-scoped EntityManager; the few raw statements (paged children) name the
 * company explicitly.
 */
import DataLoader from 'dataloader';
import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Appointment, Booking, Customer, Event, EventDate, Facilitator, FacilitatorDateOverride, FacilitatorWindow, Mandate,
  Media, Note, PassPurchase, PassTemplate, PricingOption, QuestionnaireAnswer, Service, ServiceOption,
  SubscriptionPlan, Transaction, VideoPurchase, Voucher, Company,
  type IAppointment, type IBooking, type ICompany, type ICustomer, type IEvent, type IEventDate, type IFacilitator,
  type IFacilitatorDateOverride, type IFacilitatorWindow, type IMandate, type IMedia, type INote, type IPassPurchase,
  type IPassTemplate, type IPricingOption, type IQuestionnaireAnswer, type IService, type IServiceOption,
  type ISubscriptionPlan, type ITransaction, type IVideoPurchase, type IVoucher,
} from './entities/index.ts';
import type { Page, PageRequest } from '../domain/paging.ts';

type WithId = { id: string | number };

function byId<T extends WithId>(em: EntityManager, entity: EntityName<T>): DataLoader<string, T | null> {
  return new DataLoader(async (ids) => {
    const rows = (await em.find(entity, { id: { $in: [...ids] } } as never)) as T[];
    const found = new Map(rows.map((row) => [String(row.id), row]));
    return ids.map((id) => found.get(id) ?? null);
  });
}

/** All children of each parent (unpaged), in `orderBy` order. */
function childrenOf<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  parent: string,
  orderBy: Record<string, 'asc' | 'desc'>,
  where: Record<string, unknown> = {},
): DataLoader<string, T[]> {
  return new DataLoader(async (parentIds) => {
    const rows = (await em.find(entity, { [parent]: { $in: [...parentIds] }, ...where } as never, { orderBy } as never)) as T[];
    const groups = new Map<string, T[]>(parentIds.map((id) => [id, []]));
    for (const row of rows) groups.get(refId((row as Record<string, unknown>)[parent]))?.push(row);
    return parentIds.map((id) => groups.get(id)!);
  });
}

/** The id of a many-to-one value, whether it is an entity reference or a raw key. */
export function refId(value: unknown): string {
  if (value && typeof value === 'object' && 'id' in value) return String((value as { id: unknown }).id);
  return String(value);
}

export interface ChildPageKey<F = Record<string, unknown>> extends PageRequest {
  parentId: string;
  filter?: F;
}

interface PagedSpec<T, F> {
  entity: EntityName<T>;
  table: string;
  parentColumn: string;
  /** SQL order within a parent, over alias `t`. */
  order: string;
  /** Extra SQL conditions over alias `t`, with `?` parameters. */
  where?: (filter: F) => { sql: string; params: unknown[] };
}

/**
 * A page of children for each parent: one statement for the rows of every parent in the batch (numbered
 * per parent with a window function) and one for their totals, per distinct page and filter.
 */
function pagedChildren<T extends object, F = Record<string, unknown>>(
  em: EntityManager,
  companyId: string,
  spec: PagedSpec<T, F>,
): DataLoader<ChildPageKey<F>, Page<T>, string> {
  return new DataLoader(
    async (keys) => {
      const groups = new Map<string, ChildPageKey<F>[]>();
      for (const key of keys) {
        const group = JSON.stringify([key.page, key.pageSize, key.filter ?? null]);
        groups.set(group, [...(groups.get(group) ?? []), key]);
      }
      const results = new Map<ChildPageKey<F>, Page<T>>();
      const connection = em.getConnection();
      for (const group of groups.values()) {
        const { page, pageSize, filter } = group[0]!;
        const parentIds = [...new Set(group.map((k) => k.parentId))];
        const extra = spec.where && filter ? spec.where(filter) : { sql: '', params: [] };
        const condition = `t.company_id = ? and t.${spec.parentColumn} in (?)${extra.sql ? ` and ${extra.sql}` : ''}`;
        const params = [companyId, parentIds, ...extra.params];
        const [rows, totals] = await Promise.all([
          connection.execute<Record<string, unknown>[]>(
            `select * from (select t.*, row_number() over (partition by t.${spec.parentColumn} order by ${spec.order}) as page_row
               from ${spec.table} t where ${condition}) numbered
             where page_row > ? and page_row <= ? order by page_row`,
            [...params, page * pageSize, (page + 1) * pageSize],
          ),
          connection.execute<{ parent: string; total: number }[]>(
            `select t.${spec.parentColumn} as parent, count(*)::int as total from ${spec.table} t where ${condition} group by 1`,
            params,
          ),
        ]);
        const nodes = new Map<string, T[]>(parentIds.map((id) => [id, []]));
        for (const row of rows) {
          const parentId = String(row[spec.parentColumn]);
          delete row.page_row;
          nodes.get(parentId)!.push(em.map(spec.entity, row as never) as T);
        }
        const totalOf = new Map(totals.map((t) => [String(t.parent), t.total]));
        for (const key of group) {
          results.set(key, { nodes: nodes.get(key.parentId)!, total: totalOf.get(key.parentId) ?? 0, page, pageSize });
        }
      }
      return keys.map((key) => results.get(key)!);
    },
    { cacheKeyFn: (key) => JSON.stringify([key.parentId, key.page, key.pageSize, key.filter ?? null]) },
  );
}

export interface TransactionFilter {
  /** Inclusive bounds on the purchase instant. */
  from: string | null;
  until: string | null;
  futureOnlyAfter: string | null;
}

export function createLoaders(em: EntityManager, companyId: string) {
  return {
    company: byId<ICompany>(em, Company),
    customer: byId<ICustomer>(em, Customer),
    transaction: byId<ITransaction>(em, Transaction),
    event: byId<IEvent>(em, Event),
    eventDate: byId<IEventDate>(em, EventDate),
    pricingOption: byId<IPricingOption>(em, PricingOption),
    facilitator: byId<IFacilitator>(em, Facilitator),
    service: byId<IService>(em, Service),
    pass: byId<IPassTemplate>(em, PassTemplate),
    passPurchase: byId<IPassPurchase>(em, PassPurchase),
    media: byId<IMedia>(em, Media),
    plan: byId<ISubscriptionPlan>(em, SubscriptionPlan),
    voucher: byId<IVoucher>(em, Voucher),
    appointment: byId<IAppointment>(em, Appointment),
    booking: byId<IBooking>(em, Booking),
    videoPurchase: byId<IVideoPurchase>(em, VideoPurchase),
    mandate: byId<IMandate>(em, Mandate),
    note: byId<INote>(em, Note),
    answer: byId<IQuestionnaireAnswer>(em, QuestionnaireAnswer),

    bookingsOfTransaction: childrenOf<IBooking>(em, Booking, 'transaction', { id: 'asc' }),
    datesOfEvent: childrenOf<IEventDate>(em, EventDate, 'event', { startsAt: 'asc', id: 'asc' }),
    pricingOptionsOfEvent: childrenOf<IPricingOption>(em, PricingOption, 'event', { name: 'asc', id: 'asc' }),
    optionsOfService: childrenOf<IServiceOption>(em, ServiceOption, 'service', { name: 'asc' }, { deletedAt: null }),
    windowsOfFacilitator: childrenOf<IFacilitatorWindow>(em, FacilitatorWindow, 'facilitator', { weekday: 'asc', startTime: 'asc' }),
    overridesOfFacilitator: childrenOf<IFacilitatorDateOverride>(em, FacilitatorDateOverride, 'facilitator', { date: 'asc' }),

    transactionsOfCustomer: pagedChildren<ITransaction, TransactionFilter>(em, companyId, {
      entity: Transaction,
      table: 'event_transaction',
      parentColumn: 'customer_id',
      order: 't.purchased_at desc, t.id desc',
      where: (f) => {
        const conditions: [string, unknown][] = [];
        if (f.from) conditions.push(['t.purchased_at >= ?', f.from]);
        if (f.until) conditions.push(['t.purchased_at < ?', f.until]);
        if (f.futureOnlyAfter) {
          conditions.push([
            'exists (select 1 from booking b join event_date d on d.id = b.event_date_id where b.transaction_id = t.id and d.starts_at > ?)',
            f.futureOnlyAfter,
          ]);
        }
        return { sql: conditions.map(([sql]) => sql).join(' and '), params: conditions.map(([, param]) => param) };
      },
    }),
    passPurchasesOfCustomer: pagedChildren<IPassPurchase>(em, companyId, {
      entity: PassPurchase, table: 'pass_purchase', parentColumn: 'customer_id', order: 't.created_at desc, t.id desc',
    }),
    purchasesOfPass: pagedChildren<IPassPurchase>(em, companyId, {
      entity: PassPurchase, table: 'pass_purchase', parentColumn: 'template_id', order: 't.created_at desc, t.id desc',
    }),
    videoPurchasesOfCustomer: pagedChildren<IVideoPurchase>(em, companyId, {
      entity: VideoPurchase, table: 'video_purchase', parentColumn: 'customer_id', order: 't.created_at desc, t.id desc',
    }),
    mandatesOfCustomer: pagedChildren<IMandate>(em, companyId, {
      entity: Mandate, table: 'mandate', parentColumn: 'customer_id', order: 't.created_at desc, t.id desc',
    }),
    appointmentsOfCustomer: pagedChildren<IAppointment>(em, companyId, {
      entity: Appointment, table: 'appointment', parentColumn: 'customer_id', order: 't.starts_at desc, t.id desc',
    }),
    notesOfCustomer: pagedChildren<INote>(em, companyId, {
      entity: Note, table: 'note', parentColumn: 'customer_id', order: 't.created_at desc, t.id desc',
    }),
    answersOfCustomer: pagedChildren<IQuestionnaireAnswer>(em, companyId, {
      entity: QuestionnaireAnswer, table: 'questionnaire_answer', parentColumn: 'customer_id', order: 't.answered_at desc, t.id desc',
    }),
    registrationsOfEvent: pagedChildren<IBooking>(em, companyId, {
      entity: Booking,
      table: '(select b.*, d.event_id from booking b join event_date d on d.id = b.event_date_id)',
      parentColumn: 'event_id',
      order: 't.id asc',
    }),
    registerOfEventDate: pagedChildren<IBooking>(em, companyId, {
      entity: Booking, table: 'booking', parentColumn: 'event_date_id', order: 't.id asc',
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
