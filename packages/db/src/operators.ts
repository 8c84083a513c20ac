// Apps build queries with these, so only packages/db depends on drizzle-orm.
export {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  notInArray,
  or,
  sql,
} from 'drizzle-orm'
export type { SQL } from 'drizzle-orm'
