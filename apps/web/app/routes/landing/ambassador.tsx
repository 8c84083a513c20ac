export default function Page() {
  return <h1>ambassador</h1>
}
