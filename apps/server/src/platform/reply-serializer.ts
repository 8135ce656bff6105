import fastJson from 'fast-json-stringify';
import type { FastifyReply } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * A serializer is a pure function of its schema: kept per schema, so a process that builds the app again (the
 * API tests build one per file, a test a second server) does not compile them all again (a second a build).
 */
const serializersBySchema = new WeakMap<z.ZodType, (data: unknown) => string>();

/**
 * Replies are written by fast-json-stringify (fastify's own serializer), compiled once per route and status
 * from the route's zod response schema turned into JSON Schema. As with zod, only the declared fields go out
 * (a column added to a row never leaks into a reply); unlike zod's encode, the reply is not validated a second
 * time, which cost a tenth of the order list's time.
 */
export const replySerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let serialize = serializersBySchema.get(schema);
  if (!serialize) {
    serialize = fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as object);
    serializersBySchema.set(schema, serialize);
  }
  return serialize;
};

/** Sends JSON rendered earlier by the route's own serializer (`reply.serialize`): fastify sends a string as is. */
export const sendRenderedJson = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);
