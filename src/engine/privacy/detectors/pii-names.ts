import type { Finding } from '../detector';

// A person's full name in prose with nothing naming it ("Please forward this to Priya Sharma"):
// a common given name, then a capitalised surname. Names are told apart from code and titles by
// the given name (a list of common ones, without those that are also ordinary words: Will, Mark,
// Grace, June, Hunter) and by the surname (not a word that follows a name in code or docs: `Jack
// Plugin`, `Julia Set`). A name with a label, key or title before it is found in pii-personal.ts.

const GIVEN_NAMES = `
Aaron Abdul Abigail Adam Adrian Adriana Agnes Ahmed Aisha Akira Alan Albert Alberto Alejandra Alejandro Aleksandr Alex Alexander
Alexandra Alexei Alfred Ali Alice Alicia Alina Alison Allison Alvaro Amanda Amelia Amir Amit Amy Ana Anastasia Andre Andrea Andreas
Andrei Andrew Andrzej Angela Angelica Anika Anil Anita Ann Anna Anne Annie Anthony Antoine Antonio Anu Anya Arjun Arnaud Arthur Arun
Ashley Astrid Aurelie Ayesha Barbara Beatriz Ben Benjamin Bernard Beth Bethany Bianca Bjorn Blake Brad Bradley Brandon Brenda Brian
Bruce Bruno Caitlin Camila Carl Carla Carlos Carmen Carol Caroline Carolyn Catherine Cecilia Charles Charlotte Chen Cheryl Chloe
Christian Christina Christine Christopher Cindy Claire Clara Claudia Colin Connor Craig Cristina Cynthia Daniel Daniela Danielle
Dario David Deborah Debra Deepak Denise Dennis Derek Diana Diane Diego Dmitri Dmitry Dominic Donald Donna Dorothy Douglas Duncan
Dylan Edward Elena Eleanor Elif Elizabeth Ella Ellen Emily Emma Enrique Eric Erica Erik Erin Ethan Eugene Eva Evelyn Fatima Felix
Fernando Fiona Florian Francesca Francesco Francisco Franz Gabriel Gabriela Gabrielle Gary George Georgia Gerald Gerhard Giovanni
Giulia Giuseppe Gloria Gordon Gregory Gustavo Hannah Hans Harold Harry Hassan Heather Heidi Helen Helena Henrik Henry Hiroshi Hugo
Hussein Ian Igor Ingrid Irene Isaac Isabel Isabella Isabelle Ivan Jacob Jacqueline James Jamie Jan Jane Janet Janice Jasmine Jason
Javier Jean Jeffrey Jennifer Jeremy Jerome Jerry Jessica Jesus Joan Joanna Joao Jochen Joe Johan Johann Johanna John Jonas Jonathan
Jorge Jose Joseph Joshua Joyce Juan Judith Judy Julian Juliana Julie Julien Julio Jurgen Justin Kai Kaitlyn Karen Karim Karin Karl
Katarzyna Kate Katelyn Katherine Kathleen Kathryn Katie Katrin Kayla Keith Kelly Kenji Kenneth Kevin Kim Kimberly Klaus Krishna
Kristen Kristin Kyle Lakshmi Lara Larry Laura Lauren Laurent Lawrence Leah Lena Leo Leon Leonardo Lars Lisa Logan Lorenzo Louis
Louise Lucas Lucia Lucy Luis Luisa Lukas Luke Magdalena Manuel Marco Marcos Marcus Margaret Maria Mariana Marie Marina Mario Marion
Marta Martha Martin Mary Mateo Matteo Matthew Matthias Maurice Megan Mehmet Melanie Melissa Michael Michelle Miguel Mikhail
Milan Mohamed Mohammed Monica Muhammad Nadia Nancy Naomi Natalia Natalie Nathan Nathalie Neha Nicholas Nicola Nicolas Nicole
Niklas Nikolai Nina Noah Nora Olga Olivia Omar Oscar Pablo Pamela Paolo Patricia Patrick Paul Paula Pedro Peter Philip Philippe
Pierre Pietro Piotr Pooja Priya Rachel Rafael Rahul Raj Rajesh Ramon Raphael Rebecca Renee Ricardo Richard Rita Robert Roberto
Robin Rodrigo Roger Rohan Roland Ronald Rosa Ruth Ryan Sabine Sakura Samantha Samuel Sandra Santiago Sara Sarah Sean Sebastian
Sergei Sergey Sergio Shannon Sharon Shirley Simon Simone Sofia Sophia Sophie Stefan Stefanie Stephanie Stephen Steven Susan Svetlana
Sven Takashi Tamara Tanya Teresa Theresa Thomas Timothy Tobias Tomas Tony Tracy Ursula Valentina Valeria Vanessa Veronica Vijay
Vincent Virginia Vladimir Walter Wei Wolfgang Xavier Yasmin Yuki Yusuf Zachary Zoe
Tom Tim Jim Sam Dan Nick Mike Matt Steve Dave Jeff Greg Josh Jake Zach Liz Kathy Jenny Becky Meg Andy Phil Pete Ted Kenny Johnny
Aarav Aditya Ananya Anjali Deepika Ishaan Kavya Kiran Manish Nikhil Pradeep Prakash Rakesh Ramesh Ravi Sachin Sandeep Sanjay
Shreya Sneha Sunil Suresh Vikram Vivek Ahmad Khalid Mustafa Youssef Layla Mariam Noor Zainab Ibrahim Hamza Tariq Jing Ming Xiao
Haruto Yuto Sota Yui Hana Kenta Taro Hiroko Naoko Yoko Keiko Thiago Joaquin Mathieu Guillaume Camille Manon Thibault Uwe
Dieter Helmut Daan Bram Jeroen Sanne Anouk Jakub Kacper Wojciech Agnieszka Krzysztof Tomasz Alexey Andrey Dmitriy Ekaterina
Irina Natalya Nikita Pavel Yulia Nils Sigrid Freya Mia Lea Emil Oskar Elias Linnea Ebba Maja Aleksandra Zofia Marek Pawel
Nicolo Francois Helene Elodie Emile Gunter Ines Joel Noel Celine Rene Sebastien
`;

const GIVEN = new Set(GIVEN_NAMES.split(/\s+/).filter(Boolean));

/** A given name of the list, written with or without its accents (José, André, Zoë, Jürgen). */
function isGivenName(word: string): boolean {
  return GIVEN.has(word) || (/[À-ÿ]/.test(word) && GIVEN.has(word.normalize('NFD').replace(/[\u0300-\u036f]/g, '')));
}

/** Capitalised words that follow a given name where no person is meant (`Jack Plugin`, `Julia Set`, `Thomas Theorem`). */
const NOT_SURNAMES = new Set(
  `The And Or Of In On At To For With From By As Is Are Was Were Be Has Have Had Will Would Can Could Should May Might Must Not No
Yes All Any Some This That These Those Here There When Where What Which Who How Why If Then Else Also Only Just More Most Less Best
First Last Next One Two Three New Old Set Get Map List Type Types String Number Error Node Path File Code Data Test Tests Value Key
Name Object Array Class Function Method Plugin Preset Config Options Option Module Package Server Client App Api Team Group User
Users Admin Support Project Foundation Inc Corp Company University College School Street Road Avenue Park Hall Center Centre
Hospital Church Museum Library Station Airport Bridge River Lake Island County City State Award Prize Day Week Month Year Theorem
Algorithm Equation Problem Effect Law Number Series Transform Distribution Curve Method Prize Medal Says Said Wrote Jr Sr`.split(/\s+/),
);

// Capitals first: V8 skips ahead to them; the given name is checked in the Set, the boundaries in code.
// A particle before the surname (`Van Zandt`, `de la Cruz`, `von Braun`) is part of it.
const CANDIDATE = new RegExp(
  /[A-Z][a-zß-öø-ÿ]{1,11} (?:[A-Z]\. )?/.source +
    /(?:(?:[Vv]an|[Vv]on|[Dd]e|[Dd]a|[Dd]i|[Dd]el|[Dd]u|[Dd]os|[Ll]e|[Ll]a|der|den|ter)(?: la| der| den)? )?/.source +
    /(?:Mc|Mac|O'|D')?[A-Z][a-zß-öø-ÿ]{1,20}(?:-[A-Z][a-zß-öø-ÿ]{1,20})?/.source,
  'g',
);

/** Letters, digits and the characters of code around a name: `Jack.Smith`, `@Jack Smith`, `JackSmith(`. */
const isWordish = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c === 46 || c === 64 || c === 47 ||
  c === 45 || (c >= 0xc0 && c <= 0x24f);

/** True when what follows a name makes it code: a letter or digit, `(`, or a `.` before a word (`Jack.Smith.run`). */
function continuesAsCode(text: string, end: number): boolean {
  if (end >= text.length) return false;
  const c = text.charCodeAt(end);
  if (c === 40) return true;
  if (c === 46 || c === 45 || c === 47 || c === 64) return end + 1 < text.length && isWordish(text.charCodeAt(end + 1)) && text.charCodeAt(end + 1) !== 46;
  return isWordish(c);
}

/** Full names in prose (given name from the list, then a surname), each one finding. */
export function findFullNames(text: string, out: Omit<Finding, 'priority'>[]): void {
  CANDIDATE.lastIndex = 0;
  for (let m = CANDIDATE.exec(text); m !== null; m = CANDIDATE.exec(text)) {
    const start = m.index;
    const space = m[0].indexOf(' ');
    const given = m[0].slice(0, space);
    if (!isGivenName(given) || (start > 0 && isWordish(text.charCodeAt(start - 1)))) {
      // The surname may be the next pair's given name: `Dear John Smith`.
      CANDIDATE.lastIndex = start + space + 1;
      continue;
    }
    const end = start + m[0].length;
    const surname = m[0].slice(m[0].lastIndexOf(' ') + 1);
    if (NOT_SURNAMES.has(surname) || continuesAsCode(text, end)) continue;
    out.push({ kind: 'person_name', start, end });
  }
}
