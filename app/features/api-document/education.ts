import { z } from "~/lib/zod";
import { pathIdSchema, successAnswer, type ApiPath } from "~/services/http/openapi.server";
import {
  articleChangeSchema,
  articleInputSchema,
  articleViewSchema,
  courseChangeSchema,
  courseInputSchema,
  courseViewSchema,
  imageViewSchema,
  lessonChangeSchema,
  lessonInputSchema,
  lessonViewSchema,
  MAX_LESSONS,
} from "~/features/education/schemas";

const NO_ARTICLE = "No such article.";
const NO_COURSE = "No such course.";
const NO_LESSON = "No such lesson in this course.";
const deleted = successAnswer({ message: z.string() });
const article = successAnswer({ data: z.object({ article: articleViewSchema }) });
const course = successAnswer({ data: z.object({ course: courseViewSchema }) });
const lesson = successAnswer({ data: z.object({ lesson: lessonViewSchema }) });

/** The education hub's content (admins write it, members read it in the hub) and a member's certificate. */
export const educationPaths: ApiPath[] = [
  {
    path: "/api/admin/education/articles",
    operations: {
      get: {
        summary: "Every article of the hub, newest first, samples included (marked).",
        access: "admin",
        answers: { 200: successAnswer({ data: z.object({ articles: z.array(articleViewSchema) }) }) },
      },
      post: {
        summary: "A new article, published in the hub at once. The body is Markdown, rendered sanitized.",
        access: "admin",
        body: articleInputSchema,
        answers: { 201: article },
      },
    },
  },
  {
    path: "/api/admin/education/articles/{id}",
    params: { id: pathIdSchema },
    operations: {
      get: { summary: "One article.", access: "admin", answers: { 200: article }, errors: { 404: NO_ARTICLE } },
      patch: {
        summary: "Changes the fields sent.",
        access: "admin",
        body: articleChangeSchema,
        answers: { 200: article },
        errors: { 404: NO_ARTICLE },
      },
      delete: { summary: "Deletes the article.", access: "admin", answers: { 200: deleted }, errors: { 404: NO_ARTICLE } },
    },
  },
  {
    path: "/api/admin/education/courses",
    operations: {
      get: {
        summary: "Every course, the featured first, samples included (marked). Courses are free.",
        access: "admin",
        answers: { 200: successAnswer({ data: z.object({ courses: z.array(courseViewSchema) }) }) },
      },
      post: {
        summary: "A new course, without lessons yet (add them under its lessons).",
        access: "admin",
        body: courseInputSchema,
        answers: { 201: course },
      },
    },
  },
  {
    path: "/api/admin/education/courses/{id}",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "One course with its lessons in order.",
        access: "admin",
        answers: { 200: successAnswer({ data: z.object({ course: courseViewSchema, lessons: z.array(lessonViewSchema) }) }) },
        errors: { 404: NO_COURSE },
      },
      patch: {
        summary: "Changes the fields sent.",
        access: "admin",
        body: courseChangeSchema,
        answers: { 200: course },
        errors: { 404: NO_COURSE },
      },
      delete: {
        summary: "Deletes the course and its lessons, and members' progress in it; certificates already issued stay.",
        access: "admin",
        answers: { 200: deleted },
        errors: { 404: NO_COURSE },
      },
    },
  },
  {
    path: "/api/admin/education/courses/{id}/lessons",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary: "The course's lessons in order.",
        access: "admin",
        answers: { 200: successAnswer({ data: z.object({ lessons: z.array(lessonViewSchema) }) }) },
        errors: { 404: NO_COURSE },
      },
      post: {
        summary: "A new lesson, last or at `position` (the others move along).",
        access: "admin",
        body: lessonInputSchema,
        answers: { 201: lesson },
        errors: { 404: NO_COURSE, 409: `The course has ${MAX_LESSONS} lessons already.` },
      },
    },
  },
  {
    path: "/api/admin/education/courses/{id}/lessons/{lesson_id}",
    params: { id: pathIdSchema, lesson_id: pathIdSchema },
    operations: {
      get: { summary: "One lesson of the course.", access: "admin", answers: { 200: lesson }, errors: { 404: NO_LESSON } },
      patch: {
        summary: "Changes the fields sent; `position` moves the lesson (the others move along).",
        access: "admin",
        body: lessonChangeSchema,
        answers: { 200: lesson },
        errors: { 404: NO_LESSON },
      },
      delete: {
        summary: "Deletes the lesson and members' marks on it; the lessons after it move up.",
        access: "admin",
        answers: { 200: deleted },
        errors: { 404: NO_LESSON },
      },
    },
  },
  {
    path: "/api/admin/education/images",
    operations: {
      post: {
        summary: "Uploads an image (under 10 MB, recognised by its bytes) to show in an article or lesson's Markdown.",
        access: "admin",
        multipart: { fields: z.object({}), files: "The file `image` (one image)." },
        answers: { 201: successAnswer({ data: z.object({ image: imageViewSchema }) }) },
        errors: { 413: "The image is 10 MB or more.", 415: "Not an image, or not multipart/form-data." },
      },
    },
  },
  {
    path: "/api/education/courses/{id}/certificate",
    params: { id: pathIdSchema },
    operations: {
      get: {
        summary:
          "The caller's certificate of a course they completed (every lesson marked done): the member's display name, the " +
          "course, the date and the certificate's number.",
        access: "member",
        answers: { 200: { mediaType: "application/pdf", description: "The certificate (Content-Disposition: attachment)." } },
        errors: { 404: "No such course, or the caller has not completed it." },
      },
    },
  },
  {
    path: "/api/education/certificates/{number}",
    params: { number: z.string().describe("The certificate's number, CH- and ten hex digits.") },
    operations: {
      get: {
        summary: "One of the caller's certificates by its number, as a PDF: it stays downloadable after its course was deleted.",
        access: "member",
        answers: { 200: { mediaType: "application/pdf", description: "The certificate (Content-Disposition: attachment)." } },
        errors: { 404: "No certificate with this number is the caller's." },
      },
    },
  },
];
