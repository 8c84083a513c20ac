import type { PartTemplate } from './template.ts'

/** The slots how-to templates may name; its module fills only these (see registry.test.ts). */
export const HOW_TO_SLOTS = ['task', 'object', 'finished'] as const
export type HowToSlot = (typeof HOW_TO_SLOTS)[number]
/** The slots recipe templates may name. */
export const RECIPE_SLOTS = ['task', 'dish', 'extras'] as const
export type RecipeSlot = (typeof RECIPE_SLOTS)[number]

/**
 * How-tos and recipes: the task asked, then scenes for the user's own steps (the writer knows no method),
 * in order, the last step last, then the task done.
 *
 * Slots: task ("build a simple wooden shelf"), object (the thing made, with "a"), dish (a recipe's dish),
 * finished (the thing made, as "a finished …"), extras (what the prompt adds: "with blueberries", or "").
 */
const WORKSHOP = {
  hook: {
    required: true,
    lines: [
      { say: 'Want to {task}?', show: '{object} on a workbench in a bright workshop' },
      { say: 'Here is how, step by step.', show: 'tools laid out on a workbench' },
    ],
  },
  close: {
    required: true,
    lines: [
      { say: 'And that is how to {task}.', show: '{finished} in warm evening light' },
      { say: 'Save this video for when you need it.', show: 'a phone beside {object} on a workbench' },
    ],
  },
  steps: [
    'what you need before you start',
    'the first step',
    'the next step',
    'the step after that',
    'a common mistake, and how to avoid it',
    'the last step, and how to tell it is done',
  ],
  shots: [
    'tools and materials laid out on a workbench',
    'hands at work on {object} on a workbench',
    'a close-up of {object} on a workbench',
    'a person measuring carefully on a workbench',
    'a person checking {object} in a bright workshop',
    '{finished} in a bright workshop',
  ],
  singleStep: 'the main steps, in short',
}

const KITCHEN = {
  hook: {
    required: true,
    lines: [
      { say: 'Want to {task}?', show: '{dish} on a table in a home kitchen' },
      { say: 'Here is how, step by step.', show: 'the ingredients for {dish}{extras} on a kitchen counter' },
    ],
  },
  close: {
    required: true,
    lines: [
      { say: 'And that is how to {task}.', show: '{dish} on a plate in warm evening light' },
      { say: 'Save this recipe for later.', show: 'a phone beside {dish} on a kitchen counter' },
    ],
  },
  steps: [
    'the ingredients, and how much of each',
    'the first step',
    'the next step',
    'the step after that',
    'how long it cooks, and how to tell it is ready',
    'how to serve it',
  ],
  shots: [
    'the ingredients for {dish}{extras} on a kitchen counter',
    'hands preparing {dish} in a home kitchen',
    'a pot on the stove in a home kitchen',
    'hands mixing ingredients in a bowl on a kitchen counter',
    '{dish} cooking in a pan',
    '{dish}{extras} served on a plate',
  ],
  singleStep: 'the ingredients and the main steps, in short',
}

type HowToTemplates = {
  hook: PartTemplate
  close: PartTemplate
  steps: string[]
  shots: string[]
  singleStep: string
}

export const HOW_TO = WORKSHOP satisfies HowToTemplates
export const RECIPE = KITCHEN satisfies HowToTemplates
