import { idParamsSchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import { describe, expect, it } from 'vitest';
import { ValidationError } from './api-error';
import { valibotSerializerCompiler, valibotValidatorCompiler } from './route-schema';

const compile = (schema: unknown) =>
  valibotValidatorCompiler({ schema, method: 'GET', url: '/x', httpPart: 'params' }) as (data: unknown) => {
    value?: unknown;
    error?: Error;
  };

describe('valibotValidatorCompiler', () => {
  it("gives the schema's output, transforms applied", () => {
    expect(compile(idParamsSchema)({ id: '12' })).toEqual({ value: { id: 12 } });
  });

  it('fails with the ValidationError the error handler turns into VALIDATION_FAILED', () => {
    const { error } = compile(idParamsSchema)({ id: '012' });
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      fields: { id: 'validation.invalidId' },
    });
  });

  it('refuses a schema that is not valibot, so a JSON Schema cannot slip through unchecked', () => {
    expect(() => compile({ type: 'object' })).toThrow(/valibot/);
  });
});

describe('valibotSerializerCompiler', () => {
  const serialize = valibotSerializerCompiler({
    schema: responseSchemas.onlineCount,
    method: 'GET',
    url: '/x',
    httpStatus: '200',
  });

  it('writes the declared fields and never one the schema does not declare', () => {
    expect(JSON.parse(serialize({ count: 3, secret: 'x' }))).toEqual({ count: 3 });
  });
});
