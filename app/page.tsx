// The portal's pages arrive with the portal work; until then / says what is here.
export default function HomePage() {
  return (
    <main>
      <h1>Numbers portal</h1>
      <p>Find, compare and buy telephone numbers, and see how each number routes its calls.</p>
      <p>
        Every endpoint lives under <code>/api/v2</code> and takes <code>Authorization: Bearer &lt;token&gt;</code>;
        <code> npm start</code> prints a demo token.
      </p>
    </main>
  );
}
