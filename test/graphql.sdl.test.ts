/**
 * The schema describes itself: every type of schema/*.graphql, each of its fields, input fields and enum
 * values carries a description, so introspection and the published SDL read as reference documentation.
 * Federation's own types and fields and the introspection types are not ours to describe.
 */
import { describe, expect, it } from '@jest/globals';
import {
  isEnumType, isInputObjectType, isInterfaceType, isObjectType, isSpecifiedScalarType, isUnionType, type GraphQLNamedType,
} from 'graphql';
import { buildSchema } from '../resolvers/index.ts';

const schema = buildSchema();

const federationTypes = new Set(['_Service', '_Entity', '_Any']);
const federationFields = new Set(['_entities', '_service']);
const isOurs = (type: GraphQLNamedType) =>
  !type.name.startsWith('__') &&
  !federationTypes.has(type.name) &&
  !type.name.startsWith('link__') &&
  !type.name.startsWith('federation__') &&
  !isSpecifiedScalarType(type);

const ourTypes = Object.values(schema.getTypeMap()).filter(isOurs);

/** `Type`, `Type.field` or `Enum.VALUE` of every described element, with its description. */
function describedElements(type: GraphQLNamedType): [string, string | null | undefined][] {
  const elements: [string, string | null | undefined][] = [[type.name, type.description]];
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
    for (const field of Object.values(type.getFields())) {
      if (!federationFields.has(field.name)) elements.push([`${type.name}.${field.name}`, field.description]);
    }
  }
  if (isEnumType(type)) {
    for (const value of type.getValues()) elements.push([`${type.name}.${value.name}`, value.description]);
  }
  return elements;
}

describe('SDL descriptions', () => {
  it('covers the kinds of types the schema has', () => {
    expect(ourTypes.some(isObjectType)).toBe(true);
    expect(ourTypes.some(isUnionType)).toBe(true);
    expect(ourTypes.some(isEnumType)).toBe(true);
    expect(ourTypes.some(isInputObjectType)).toBe(true);
  });

  it('leaves out federation and introspection types', () => {
    const names = ourTypes.map((t) => t.name);
    expect(names).not.toContain('_Service');
    expect(names).not.toContain('__Schema');
    expect(names).toContain('Customer');
  });

  it.each(ourTypes.map((type) => [type.name, type] as const))('describes %s and each of its fields, input fields and values', (_name, type) => {
    const undescribed = describedElements(type)
      .filter(([, description]) => !description?.trim())
      .map(([element]) => element);
    expect(undescribed).toEqual([]);
  });
});
