// Placeholder until this feature's issue lands: the page title only.
export default function TasksPage() {
  return <h1>Gestion des Tâches</h1>;
}
