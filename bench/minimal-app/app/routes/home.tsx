export function meta() {
  return [{ title: "Minimal page" }];
}

export default function Home() {
  return (
    <main>
      <h1>A minimal server-rendered page</h1>
      <p>The reference for the landing page's requests per second.</p>
    </main>
  );
}
