/**
 * Companies (tenants): created by an operator with a name, an IANA timezone for local datetimes and the
 * currency of their prices.
 */
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Company, CURRENCIES, type Currency } from '../db/entities/index.ts';
import { unscopedEm, type Db } from '../db/scope.ts';
import { newId } from './ids.ts';
import { InvalidInput } from './invalid-input.ts';

export interface CompanySummary {
  id: string;
  name: string;
  timezone: string;
  currency: Currency;
}

/**
 * The IANA zone name as the runtime spells it ("europe/london" -> "Europe/London"), or null when the
 * runtime does not know the zone. Offsets such as "+01:00" are not zone names and are refused.
 */
export function ianaTimezone(name: string): string | null {
  if (!/^[A-Za-z]/.test(name)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return null;
  }
}

export async function createCompany(
  orm: Db,
  input: { name: string; timezone: string; currency: string },
): Promise<{ id: string }> {
  const name = input.name.trim();
  if (!name) throw new InvalidInput('name', 'must not be empty');
  const timezone = ianaTimezone(input.timezone.trim());
  if (!timezone) throw new InvalidInput('timezone', `"${input.timezone}" is not an IANA timezone (for example Europe/London)`);
  const currency = input.currency.trim().toUpperCase();
  if (!isCurrency(currency)) throw new InvalidInput('currency', `must be one of ${CURRENCIES.join(', ')}`);

  const em = unscopedEm(orm);
  const company = em.create(Company, { id: newId('company'), name, timezone, currency });
  await em.flush();
  return { id: company.id };
}

export async function listCompanies(orm: MikroORM): Promise<CompanySummary[]> {
  const companies = await unscopedEm(orm).find(Company, {}, { orderBy: { id: 'asc' } });
  return companies.map(({ id, name, timezone, currency }) => ({ id, name, timezone, currency }));
}

/** Throws InvalidInput('company') unless the company exists: an admin command naming a company must name a real one. */
export async function requireCompany(em: EntityManager, companyId: string): Promise<void> {
  const found = await em.count(Company, { id: companyId });
  if (!found) throw new InvalidInput('company', `no company with id "${companyId}"`);
}

function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}
