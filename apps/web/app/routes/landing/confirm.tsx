export default function Page() {
  return <h1>confirm</h1>
}
