export function DashboardScreen() {
  return <section class="page"><h1>Start</h1></section>;
}
