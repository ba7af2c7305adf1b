/**
 * The server's answers as the client reads them, generated from the server's zod schemas: `schema.d.ts` is made by
 * `npm run api:types` (also by `npm run typecheck`) from the OpenAPI document, so a changed field on the server
 * breaks the client's typecheck instead of drifting. Add a name here when a screen needs one; never copy a row type.
 */
import type { components, operations } from './schema.js';

type Schemas = components['schemas'];

export type CurrentUser = Schemas['CurrentUser'];
export type Dog = Schemas['Dog'];
export type SharedDog = Schemas['SharedDog'];
export type DiaryEntry = Schemas['DiaryEntry'];
export type DiaryNearbyResult = Schemas['DiaryNearbyResult'];
export type FoodAlert = Schemas['FoodAlert'];
export type FoodAlertList = Schemas['FoodAlertList'];
export type WalkWeatherAlert = Schemas['WalkWeatherAlert'];
export type DiaryMedia = Schemas['DiaryMedia'];
export type DiaryCalendar = Schemas['DiaryCalendar'];
export type WelcomeDashboard = Schemas['WelcomeDashboard'];
export type DueSoonItem = Schemas['DueSoonItem'];
export type DueDose = Schemas['DueDose'];
export type DoseTicked = Schemas['DoseTicked'];
export type Trip = Schemas['Trip'];
export type TripCheck = Schemas['TripCheck'];
export type Vaccination = Schemas['Vaccination'];
export type VetVisit = Schemas['VetVisit'];
export type Weight = Schemas['Weight'];
export type Medication = Schemas['Medication'];
export type Allergy = Schemas['Allergy'];
export type Finding = Schemas['Finding'];
export type HealthDocument = Schemas['HealthDocument'];
export type VetPractice = Schemas['VetPractice'];
export type DogMember = Schemas['DogMember'];
export type DogInvitation = Schemas['DogInvitation'];
export type EmergencyCard = Schemas['EmergencyCard'];
export type AppNotification = Schemas['Notification'];
export type AdminUpgradeRequest = Schemas['AdminUpgradeRequest'];
export type AdminUser = Schemas['AdminUser'];
export type PartnerCode = Schemas['PartnerCode'];
export type PartnerCodeInfo = Schemas['PartnerCodeInfo'];
export type InvoiceSummary = Schemas['InvoiceSummary'];
export type HelpArticle = Schemas['HelpArticle'];
export type PublicHelp = Schemas['PublicHelp'];
export type HeatCycle = Schemas['HeatCycle'];
export type HeatPrediction = Schemas['HeatPrediction'];
export type CareRoutine = Schemas['CareRoutine'];
export type TrainingSession = Schemas['TrainingSession'];
export type TrainingStreak = Schemas['TrainingStreak'];
export type Expense = Schemas['Expense'];
export type ExpenseSummary = Schemas['ExpenseSummary'];
export type Note = Schemas['Note'];
export type AiStatus = Schemas['AiStatus'];
export type TrainingPlan = Schemas['TrainingPlan'];
export type Litter = Schemas['Litter'];
export type LitterDetail = Schemas['LitterDetail'];
export type Puppy = Schemas['Puppy'];
export type LitterWeights = Schemas['LitterWeights'];
export type UserCard = Schemas['UserCard'];
export type FriendRequests = Schemas['FriendRequests'];
export type FriendList = Schemas['FriendList'];
export type Message = Schemas['Message'];
export type ConversationList = Schemas['ConversationList'];
export type ForumThreadSummary = Schemas['ForumThreadSummary'];
export type ForumThreadDetail = Schemas['ForumThreadDetail'];
export type ForumPost = Schemas['ForumPost'];
export type OperatorSettings = Schemas['OperatorSettings'];
export type AdminStats = Schemas['AdminStats'];
/** One venue of a map layer or the venue search (GeoJSON point with OpenStreetMap's tags). */
export type LayerFeature = Schemas['MapLayer']['features'][number];
export type IpBlock = Schemas['IpBlock'];
export type BackupStatus = Schemas['BackupStatus'];
export type BackupSnapshot = Schemas['BackupSnapshot'];
/** One category of the public help (GET /api/help) with its active articles. */
export type PublicHelpCategory = PublicHelp['categories'][number];
/** One article of the public help: title and plain-text body. */
export type PublicHelpArticle = PublicHelpCategory['articles'][number];
export type MapContribution = Schemas['MapContribution'];
export type Walk = Schemas['Walk'];
export type WeeklyWalks = Schemas['WeeklyWalks'];
/** One dog's totals of one week (Monday to Sunday) in the weekly walk totals. */
export type WeekTotal = WeeklyWalks['dogs'][number]['weeks'][number];
export type LostDog = Schemas['LostDog'];
export type PoisonWarning = Schemas['PoisonWarning'];
export type PlaydateParticipant = Schemas['PlaydateParticipant'];
export type CalendarFeed = Schemas['CalendarFeed'];
export type BreedSummary = Schemas['BreedSummary'];
/** The operations that answer 200 with a list (`{ items: [...] }`). */
type ListOperation = {
  [O in keyof operations]: operations[O] extends { responses: { 200: { content: { 'application/json': { items: unknown[] } } } } } ? O : never;
}[keyof operations];
/** One item of an operation's list answer, for lists whose items have no schema name (e.g. with distance_km). */
export type ListItem<O extends ListOperation> = operations[O]['responses'][200]['content']['application/json']['items'][number];
/** Another's walk slot on the same weekday that overlaps one's own, nearby (GET /api/walk-slots/{id}/matches). */
export type NotificationSettings = Schemas['NotificationSettings'];
export type Block = Schemas['Block'];
export type DogDuties = Schemas['DogDuties'];
export type DutyItem = Schemas['DutyItem'];
export type UserPlace = Schemas['UserPlace'];
