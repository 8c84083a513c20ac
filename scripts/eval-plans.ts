import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

import { describeMisses, loadEvalSet, scoreSet } from '@storyreel/engine/testing/subject-evaluation'

/**
 * `npm run eval:plans -- [set.json …]`: what the scene planner places for every scene of the evaluation
 * sets (studio-eval.json, held-out-eval.json and languages-eval.json by default), the share of expected subjects placed and the
 * wrong ones, in a second (no rendering; `npm run eval:studio` renders contact sheets).
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { verbose: { type: 'boolean', short: 'v', default: false } },
})
const sets = positionals.length
  ? positionals
  : ['studio-eval.json', 'held-out-eval.json', 'languages-eval.json'].map((name) =>
      path.join(ROOT, 'packages/engine/eval', name),
    )

for (const file of sets) {
  const score = scoreSet(loadEvalSet(file))
  const { missing, wrong } = describeMisses(score)
  const share = score.expected ? (100 * score.found) / score.expected : 100
  console.log(`\n## ${path.basename(file)}: ${score.scenes.length} scenes`)
  console.log(
    `expected subjects placed: ${score.found} of ${score.expected} (${share.toFixed(1)} %); wrong: ${score.wrong}`,
  )
  if (values.verbose)
    for (const scene of score.scenes)
      console.log(
        `  ${scene.video} #${scene.index}: ${scene.plan.subjects.map((subject) => subject.id).join(', ') || '(none)'}` +
          ` · setting ${scene.plan.setting ?? '-'}`,
      )
  for (const line of missing) console.log(`  missing  ${line}`)
  for (const line of wrong) console.log(`  WRONG    ${line}`)
}
