export default function AdminPage() {
  return <h1>Administration</h1>;
}
