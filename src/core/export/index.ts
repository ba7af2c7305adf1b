/** The user's data export: the writer areas fill (ExportWriter), the section type they register, THE entry name rule. */
export { zipExportWriter, type ExportedFile, type ExportFolder, type ExportSection, type ExportWriter } from './export-writer.js';
export { safeFileName } from './export-name.js';
