/**
 * A small CSV with every column, for people to open in a spreadsheet and fill in: a prompt, a script in two
 * scenes (a quoted cell keeps its blank line) and a prompt with a style of its own.
 */
export const EXAMPLE_CSV = [
  'title,prompt,script,style,ratio,voice,template',
  'Spring sale,"A bakery’s spring sale: fresh croissants, 20% off every morning this week",,cinematic,9:16,,',
  'Opening hours,,"We are open every day from eight.\n\nCome early for the warm bread.",,1:1,en-us-aria,',
  'Meet the team,Three bakers who start at four in the morning,,watercolor,,,',
  '',
].join('\n')

export const EXAMPLE_CSV_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(EXAMPLE_CSV)}`
export const EXAMPLE_CSV_NAME = 'storyreel-batch-example.csv'
