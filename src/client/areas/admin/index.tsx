const Todo = () => <section class="page"><h1>Verwaltung</h1></section>;
export const AdminHomeScreen = Todo, PartnerCodesScreen = Todo, UsersScreen = Todo, UpgradeRequestsScreen = Todo, InvoicesScreen = Todo;
