/** Reports to the moderators: one table and one queue for forum posts, map items, people and direct messages (see content-reports.repo.ts). */
export { closeReports, closeReportsOfGoneRows, findReport, insertReport, openReports, type OpenReport, type ReportTarget } from './content-reports.repo.js';
export { fileReport } from './file-report.js';
export { openReportPage } from './report-page.js';
