import { renderAsync } from '@resvg/resvg-js'

/** Rasterises an SVG at the given pixel width on libuv's thread pool, so several renders overlap. */
export async function renderSvgToPng(svg: string, width: number): Promise<Buffer> {
  const image = await renderAsync(svg, {
    fitTo: { mode: 'width', value: width },
    // Satori already turned the text into paths; skipping the system font scan saves time per render.
    font: { loadSystemFonts: false },
    shapeRendering: 2,
    imageRendering: 0,
  })
  return image.asPng()
}
