import { z } from 'zod'

import { BLOG_CATEGORIES } from './blog-categories.ts'

export { BLOG_CATEGORIES, type BlogCategory } from './blog-categories.ts'

export const BlogCategorySchema = z.enum(BLOG_CATEGORIES)

export const BlogFrontMatterSchema = z.strictObject({
  title: z.string().trim().min(10).max(140),
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lowercase words joined by hyphens')
    .max(120),
  category: BlogCategorySchema,
  description: z.string().trim().min(50).max(200),
  date: z.iso.date(),
})
export type BlogFrontMatter = z.infer<typeof BlogFrontMatterSchema>

export const BLOG_MIN_WORDS = 700
