@echo off
rem ddz.cmd: runs the ddz command line on Windows, as ./ddz does elsewhere, with plain java -jar and
rem the same JVM flags (docs/cli/launcher.md). It does not build: run
rem   mvn -B -DskipTests package -pl tools -am
rem first (or put a release's ddz-VERSION.jar beside this file). DDZ_JAVA_OPTS adds flags of your
rem own; JAVA_HOME picks the JDK. No class-data sharing archive: that is the Unix launcher's.
setlocal
set "DDZ_ROOT=%~dp0"
set "DDZ_JAR=%DDZ_ROOT%tools\target\ddz.jar"
if not exist "%DDZ_JAR%" (
  for %%J in ("%DDZ_ROOT%ddz-*.jar") do set "DDZ_JAR=%%~fJ"
)
if not exist "%DDZ_JAR%" (
  echo ddz: tools\target\ddz.jar is missing ^(build it: mvn -B -DskipTests package -pl tools -am^) 1>&2
  exit /b 1
)
set "DDZ_JAVA=java"
if defined JAVA_HOME set "DDZ_JAVA=%JAVA_HOME%\bin\java"
if /i "%~1"=="botzone" goto botzone
"%DDZ_JAVA%" -XX:+UseSerialGC -Xlog:disable -Xlog:all=warning:stderr %DDZ_JAVA_OPTS% -jar "%DDZ_JAR%" %*
exit /b %ERRORLEVEL%

:botzone
rem Botzone's cold turn: its own small entry point with C1 only (docs/cli/serve-and-botzone.md)
shift
set "DDZ_ARGS="
:collect
if "%~1"=="" goto run
set DDZ_ARGS=%DDZ_ARGS% %1
shift
goto collect
:run
"%DDZ_JAVA%" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xlog:disable -Xlog:all=warning:stderr %DDZ_JAVA_OPTS% -cp "%DDZ_JAR%" io.github.ddzengine.tools.botzone.BotzoneMain%DDZ_ARGS%
exit /b %ERRORLEVEL%
