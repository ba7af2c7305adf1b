/** The user's data export: the writer areas fill (ExportWriter) and the section type they register. */
export { safeEntryName, zipExportWriter, type ExportSection, type ExportWriter } from './export-writer.js';
