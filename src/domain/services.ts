/** The appointment service catalogue: services with options (no ids of their own; names unique per service), soft deletes. */
import type { EntityManager } from '@mikro-orm/postgresql';
import { key, Service, ServiceOption, type IService } from '../db/entities/index.ts';
import type { Clock } from './clock.ts';
import { Invalid, NotFound } from './errors.ts';
import { newId } from './ids.ts';
import { z } from 'zod';
import { checked, checkFields, nullIsNotGiven, SERVICE_FIELDS, SERVICE_OPTION_FIELDS } from './input-rules.ts';
import { inTransaction } from './transactions.ts';

export interface OptionInput {
  name: string;
  durationMinutes: number;
  base100Price: number;
  credits: number;
  active?: boolean | null;
}

const optionRecord = z.object(SERVICE_OPTION_FIELDS).partial({ active: true });

function checkOption(option: OptionInput, field: string): void {
  checked(optionRecord, { ...option, active: option.active ?? undefined }, field);
}

async function liveService(tx: EntityManager, id: string): Promise<IService> {
  const service = await tx.findOne(Service, { id, deletedAt: null });
  if (!service) throw new NotFound('Service');
  return service;
}

export async function createService(
  em: EntityManager,
  clock: Clock,
  companyId: string,
  given: { name: string; description?: string | null; bufferMinutes?: number | null; active?: boolean | null; options?: OptionInput[] | null },
): Promise<IService> {
  const input = nullIsNotGiven(given, ['description', 'bufferMinutes', 'active', 'options']);
  const { options = [], ...fields } = input;
  checkFields(fields, SERVICE_FIELDS);
  (options ?? []).forEach((o, i) => checkOption(o, `options[${i}]`));
  const names = (options ?? []).map((o) => o.name.trim());
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated) throw new Invalid('options', 'format', `two options are named ${repeated}`);
  return inTransaction(em, companyId, async (tx) => {
    const service = tx.create(Service, {
      id: newId('service', clock.now().getTime()),
      company: companyId,
      name: input.name.trim(),
      description: input.description ?? '',
      bufferMinutes: input.bufferMinutes ?? 0,
      active: input.active ?? true,
    });
    for (const option of options ?? []) {
      tx.create(ServiceOption, { company: companyId, service: key(companyId, service.id), ...option, name: option.name.trim(), active: option.active ?? true });
    }
    await tx.flush();
    return service;
  });
}

export async function updateService(em: EntityManager, companyId: string, id: string, input: Record<string, unknown>): Promise<IService> {
  const changes = checkFields(input, SERVICE_FIELDS);
  if (!Object.keys(changes).length) throw new Invalid('input', 'required', 'give at least one field to change');
  return inTransaction(em, companyId, async (tx) => {
    const service = await liveService(tx, id);
    tx.assign(service, changes);
    await tx.flush();
    return service;
  });
}

export async function deleteService(em: EntityManager, clock: Clock, companyId: string, id: string): Promise<IService> {
  return inTransaction(em, companyId, async (tx) => {
    const service = await liveService(tx, id);
    service.deletedAt = clock.now();
    await tx.flush();
    return service;
  });
}

/** Adds the option, or changes the live option of the same name. */
export async function setServiceOption(em: EntityManager, companyId: string, serviceId: string, option: OptionInput): Promise<IService> {
  checkOption(option, 'option');
  return inTransaction(em, companyId, async (tx) => {
    const service = await liveService(tx, serviceId);
    const name = option.name.trim();
    const existing = await tx.findOne(ServiceOption, { service: key(companyId, service.id), name, deletedAt: null });
    const values = { durationMinutes: option.durationMinutes, base100Price: option.base100Price, credits: option.credits, active: option.active ?? true };
    if (existing) tx.assign(existing, values);
    else tx.create(ServiceOption, { company: companyId, service: key(companyId, service.id), name, ...values });
    await tx.flush();
    return service;
  });
}

export async function deleteServiceOption(em: EntityManager, clock: Clock, companyId: string, serviceId: string, name: string): Promise<IService> {
  return inTransaction(em, companyId, async (tx) => {
    const service = await liveService(tx, serviceId);
    const option = await tx.findOne(ServiceOption, { service: key(companyId, service.id), name, deletedAt: null });
    if (!option) throw new NotFound('Service option');
    option.deletedAt = clock.now();
    await tx.flush();
    return service;
  });
}
