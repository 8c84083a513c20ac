import { API_KEY_PREFIX } from '@storyreel/contracts/api-keys'
import type { BATCH_COLUMNS } from '@storyreel/contracts/batches'

/**
 * The developers page's code samples, made from the site's own address so each one runs as it is copied.
 * Field names, paths and headers are the API's (packages/contracts), checked by developers-examples.test.ts.
 */

const KEY_HEADER = '-H "Authorization: Bearer $STORYREEL_API_KEY"'

export function getVideoCurl(origin: string): string {
  return [
    `curl -X POST ${origin}/api/v1/videos \\`,
    `  ${KEY_HEADER} \\`,
    '  -H "Idempotency-Key: order-4711" \\',
    "  -H 'Content-Type: application/json' \\",
    `  -d '{"prompt": "A 30-second story about a lighthouse keeper in a storm", "settings": {"aspect_ratio": "9:16"}}'`,
    '',
    '# 202 {"project_id":"…","render_id":"…","status_url":"/api/v1/projects/…/renders/…"}',
    '',
    '# Then ask for the render until its status is succeeded, failed or canceled:',
    `curl ${origin}/api/v1/projects/PROJECT_ID/renders/RENDER_ID \\`,
    `  ${KEY_HEADER}`,
  ].join('\n')
}

export function getVideoFetch(origin: string): string {
  return `const API = '${origin}'
const headers = {
  Authorization: \`Bearer \${process.env.STORYREEL_API_KEY}\`,
  'Content-Type': 'application/json',
}

const answer = await fetch(\`\${API}/api/v1/videos\`, {
  method: 'POST',
  // A retry with the same key gets the first answer, never a second video.
  headers: { ...headers, 'Idempotency-Key': 'order-4711' },
  body: JSON.stringify({
    script: 'Our bakery opens on Friday.\\n\\nThe first hundred guests get a free lemon cake.',
  }),
})
if (!answer.ok) {
  const { code, message } = await answer.json() // {statusCode, error, code, message}
  throw new Error(\`\${code}: \${message}\`)
}
const { project_id, status_url } = await answer.json()

let render
do {
  await new Promise((resolve) => setTimeout(resolve, 5000))
  render = await (await fetch(\`\${API}\${status_url}\`, { headers })).json()
  console.log(render.status, render.stage, \`\${render.progress}%\`)
} while (render.status === 'queued' || render.status === 'running')

if (render.status === 'succeeded') console.log('Download:', render.outputs.download_url)
else console.log('Not rendered:', render.error, \`(project \${project_id})\`)`
}

export function getWebhookReceiver(): string {
  return `// npm install standardwebhooks
import { createServer } from 'node:http'
import { Webhook } from 'standardwebhooks'

const webhook = new Webhook(process.env.STORYREEL_WEBHOOK_SECRET) // whsec_…

createServer(async (request, response) => {
  let rawBody = ''
  for await (const chunk of request) rawBody += chunk
  try {
    // Throws unless the webhook-* headers match the raw body and the secret.
    const event = webhook.verify(rawBody, request.headers)
    if (event.type === 'render.succeeded') console.log('Video ready:', event.data.links.self)
    response.writeHead(204).end()
  } catch {
    response.writeHead(400).end()
  }
}).listen(8080)`
}

export function getWebhookPayload(origin: string): string {
  const project = '4b1f6a52-0c3e-4d7a-9d5e-2f8a1c6b7e90'
  const render = '9e2d7c41-5a8b-4f3e-b6d1-0a4c8e2f5b73'
  return JSON.stringify(
    {
      type: 'render.succeeded',
      timestamp: '2026-11-29T10:15:42.120Z',
      data: {
        object: 'render',
        id: render,
        project_id: project,
        status: 'succeeded',
        resolution: '720p',
        error: null,
        duration_seconds: 31.4,
        created_at: '2026-11-29T10:14:05.881Z',
        finished_at: '2026-11-29T10:15:41.902Z',
        links: {
          self: `${origin}/api/v1/projects/${project}/renders/${render}`,
          project: `${origin}/api/v1/projects/${project}`,
          studio: `${origin}/app/projects/${project}`,
        },
      },
    },
    null,
    2,
  )
}

export function getMcpCommand(origin: string): string {
  return `npm run --silent mcp:stdio -- --url ${origin} --key ${API_KEY_PREFIX}…`
}

export function getMcpDesktopConfig(origin: string): string {
  return JSON.stringify(
    {
      mcpServers: {
        storyreel: {
          command: 'npm',
          args: ['run', '--silent', '--prefix', '/path/to/storyreel', 'mcp:stdio', '--', '--url', origin],
          env: { STORYREEL_API_KEY: `${API_KEY_PREFIX}…` },
        },
      },
    },
    null,
    2,
  )
}

export function getMcpHttpConfig(origin: string): string {
  return JSON.stringify(
    {
      mcpServers: {
        storyreel: {
          type: 'http',
          url: `${origin}/mcp`,
          headers: { Authorization: `Bearer ${API_KEY_PREFIX}…` },
        },
      },
    },
    null,
    2,
  )
}

/** A small file whose header row uses only the columns a batch knows. */
export function getBatchCsv(): string {
  const columns = ['prompt', 'title', 'style', 'ratio'] satisfies ReadonlyArray<(typeof BATCH_COLUMNS)[number]>
  return [
    columns.join(','),
    '"A 20-second ad for our lemon cake, sunny and warm",Lemon cake,watercolor,9:16',
    '"Three tips for a tidy desk, upbeat",Desk tips,3d-cartoon,1:1',
    '"How our coffee beans travel from farm to cup",Bean journey,cinematic,16:9',
  ].join('\n')
}

export function getBatchCurl(origin: string): string {
  return [
    `curl -X POST '${origin}/api/v1/videos/batch?title=Spring%20menu&resolution=720p' \\`,
    `  ${KEY_HEADER} \\`,
    "  -H 'content-type: text/csv' \\",
    '  --data-binary @videos.csv',
    '',
    '# 202 {"id":"…","row_count":3,"counts":{"queued":3,…},"zip_url":"…","rows":[…]}',
    '',
    '# Each row’s state, and zip_url for the finished videos as one ZIP:',
    `curl ${origin}/api/v1/batches/BATCH_ID \\`,
    `  ${KEY_HEADER}`,
  ].join('\n')
}

export function getErrorExample(): string {
  return JSON.stringify(
    {
      statusCode: 403,
      error: 'Forbidden',
      code: 'API_KEY_SCOPE',
      message: 'This API key lacks the scope renders:write. Create a key with renders:write on your profile page.',
    },
    null,
    2,
  )
}
