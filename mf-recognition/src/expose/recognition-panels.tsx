// Placeholder until this feature's issue lands: the page title only.
export default function RecognitionPanels() {
  return <h1>Reconnaissance d'image et vocale</h1>;
}
