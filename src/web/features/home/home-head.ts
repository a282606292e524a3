/** The site's front door: its title and description are also index.html's, for the pages drawn in the browser (HomePage.test.tsx holds them equal). */
export const HOME_TITLE = "Pathwise — career and wellbeing assessments with a personal report";
export const HOME_DESCRIPTION =
  "Short assessments on your career interests, burnout, stress, work-life balance and more. See your profile, then get a personal report with practical next steps.";
