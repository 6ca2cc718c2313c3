// Placeholder until this feature's issue lands: the page title only.
export default function AccountPage() {
  return <h1>Mon Compte</h1>;
}
