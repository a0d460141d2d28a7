export default function HomePage() {
  return (
    <main
      style={{ fontFamily: "system-ui, sans-serif", maxWidth: 720, margin: "4rem auto", padding: "0 1rem" }}
    >
      <h1>Anula</h1>
      <p>Anulación de rangos de e-NCF no utilizados y consulta del estado de e-CF ante la DGII.</p>
    </main>
  );
}
