const Todo = () => <section class="page"><h1>Tagebuch</h1></section>;
export const DiaryListScreen = Todo, DiaryMosaicScreen = Todo, DiaryCalendarScreen = Todo, DiaryMapScreen = Todo, EntryCreateScreen = Todo, EntryDetailScreen = Todo, EntryEditScreen = Todo;
