import { useState, type ReactNode } from 'react'

import { UploadIcon } from './icons.tsx'

/**
 * A dashed panel that takes files dropped on it, lit while they hover, with the upload icon above its
 * contents (the words and the button that opens the file chooser).
 */
export function DropZone({ onFiles, children }: { onFiles: (files: File[]) => void; children: ReactNode }) {
  const [dragging, setDragging] = useState(false)
  return (
    <div
      className={`flex flex-col items-center gap-3 rounded-3xl border-2 border-dashed px-6 py-8 text-center transition-colors ${
        dragging ? 'border-accent bg-accent/10' : 'border-line bg-surface/60'
      }`}
      onDragOver={(event) => {
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault()
        setDragging(false)
        const files = [...event.dataTransfer.files]
        if (files.length > 0) onFiles(files)
      }}
    >
      <span className="grid h-12 w-12 place-items-center rounded-2xl bg-raised text-accent" aria-hidden="true">
        <UploadIcon className="h-6 w-6" />
      </span>
      {children}
    </div>
  )
}
