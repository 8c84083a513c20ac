/** A text field's value from FormData; files and missing fields read as ''. */
export function getFormText(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
